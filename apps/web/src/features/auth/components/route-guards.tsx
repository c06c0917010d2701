import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSkeleton, Skeleton } from '@/components/ui/skeleton';
import { useIsAdmin } from '../api/get-admin-status';
import { useAuth } from '../hooks/use-auth';

/**
 * Signed-in users only: a full-page skeleton while the session loads; signed out -> /login with
 * `state.from`, and the login screen brings the user back afterwards.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSkeleton />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** Admins only (spec section 6): anyone else goes to / with the origin in `state.from`. */
export function RequireAdmin() {
  const { isAdmin, isLoading, isError } = useIsAdmin();
  const location = useLocation();
  if (isLoading) {
    return (
      <div role="status" aria-busy="true" className="space-y-3">
        <span className="sr-only">Checking admin access</span>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  // nothing admin-only is shown; the dashboard frame around these routes already says
  // 'Error checking admin status'
  if (isError) return null;
  if (!isAdmin) return <Navigate to="/" replace state={{ from: location }} />;
  return <Outlet />;
}
