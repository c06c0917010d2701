import { useIsAdmin } from '@/features/auth/api/get-admin-status';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * Who opens an edit screen (a pet or a campaign: its owner or an admin may edit it), once the
 * session and the admin check are known; null until then.
 */
export function useEditor(): { name: string; email: string; isAdmin: boolean } | null {
  const { user } = useAuth();
  const admin = useIsAdmin();
  if (!user || admin.isLoading) return null;
  return { name: user.name, email: user.email, isAdmin: admin.isAdmin };
}
