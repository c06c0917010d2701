import { messages } from '@pet-haven/shared/messages';
import { Outlet } from 'react-router';
import { DashboardShell } from '@/components/layouts/dashboard-shell';
import { ErrorText } from '@/components/ui/error-text';
import { MailStatusNotice } from '@/features/admin/components/mail-status-notice';
import { useIsAdmin } from '@/features/auth/api/get-admin-status';

/**
 * The dashboard frame (spec section 2): 'Loading...' while the admin check runs, then
 * 'Admin Dashboard' or 'User Dashboard' with the matching tabs. If the check fails the user
 * still gets their own tabs, under 'Error checking admin status'.
 */
export function Component() {
  const { isAdmin, isLoading, isError } = useIsAdmin();
  if (isLoading) {
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-center text-lg sm:px-6">
        {messages.dashboard.loading}
      </p>
    );
  }
  return (
    <DashboardShell
      title={isAdmin ? messages.dashboard.adminTitle : messages.dashboard.userTitle}
      isAdmin={isAdmin}
      notice={
        isError ? (
          <ErrorText className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 dark:border-red-900 dark:bg-red-950/40">
            {messages.dashboard.adminCheckFailed}
          </ErrorText>
        ) : (
          <MailStatusNotice isAdmin={isAdmin} />
        )
      }
    >
      <Outlet />
    </DashboardShell>
  );
}
