import { PageHeader } from '@/components/ui/page-header';
import { CampaignGrid } from '@/features/campaigns/components/campaign-grid';

export function Component() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        title="Donation Campaigns"
        description="Help pets in need: every donation goes to the pet's campaign."
      />
      <CampaignGrid />
    </section>
  );
}
