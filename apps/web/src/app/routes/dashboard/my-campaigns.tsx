import { PageHeader } from '@/components/ui/page-header';
import { MyCampaignsTable } from '@/features/campaigns/components/my-campaigns-table';

export function Component() {
  return (
    <section>
      <PageHeader title="My Donation Campaigns" level={2} />
      <MyCampaignsTable createPath="/dashboard/create-donation-campaigns" />
    </section>
  );
}
