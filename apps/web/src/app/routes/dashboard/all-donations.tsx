import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { CampaignsTable } from '@/features/admin/components/campaigns-table';

export function Component() {
  return (
    <DashboardTab title="All Donations">
      <CampaignsTable />
    </DashboardTab>
  );
}
