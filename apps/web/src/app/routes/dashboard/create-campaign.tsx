import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { RequireVerifiedEmail } from '@/features/auth/components/verify-email-notice';
import { CreateCampaignForm } from '@/features/campaigns/components/create-campaign-form';

export function Component() {
  return (
    <DashboardTab
      title="Create Donation Campaign"
      description="Upload a picture of the pet first, then tell donors what the money is for."
    >
      <RequireVerifiedEmail action="create a donation campaign">
        <CreateCampaignForm />
      </RequireVerifiedEmail>
    </DashboardTab>
  );
}
