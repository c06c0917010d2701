import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { UsersTable } from '@/features/admin/components/users-table';

export function Component() {
  return (
    <DashboardTab title="Users">
      <UsersTable />
    </DashboardTab>
  );
}
