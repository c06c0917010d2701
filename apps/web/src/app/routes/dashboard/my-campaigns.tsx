import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { MyCampaignsTable } from '@/features/campaigns/components/my-campaigns-table';

export function Component() {
  return (
    <DashboardTab title="My Donation Campaigns">
      <MyCampaignsTable createPath="/dashboard/create-donation-campaigns" />
    </DashboardTab>
  );
}
