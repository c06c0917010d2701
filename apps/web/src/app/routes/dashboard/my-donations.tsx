import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { MyDonationsTable } from '@/features/campaigns/components/my-donations-table';

export function Component() {
  return (
    <DashboardTab title="My Donations">
      <MyDonationsTable />
    </DashboardTab>
  );
}
