import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { CreateCampaignForm } from '@/features/campaigns/components/create-campaign-form';

export function Component() {
  return (
    <DashboardTab
      title="Create Donation Campaign"
      description="Upload a picture of the pet first, then tell donors what the money is for."
    >
      <CreateCampaignForm />
    </DashboardTab>
  );
}
