import { PageHeader } from '@/components/ui/page-header';
import { CreateCampaignForm } from '@/features/campaigns/components/create-campaign-form';

export function Component() {
  return (
    <section>
      <PageHeader
        level={2}
        title="Create Donation Campaign"
        description="Upload a picture of the pet first, then tell donors what the money is for."
      />
      <CreateCampaignForm />
    </section>
  );
}
