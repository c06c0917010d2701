import { PageHeader } from '@/components/ui/page-header';
import { CampaignsTable } from '@/features/admin/components/campaigns-table';

export function Component() {
  return (
    <section>
      <PageHeader title="All Donations" level={2} />
      <CampaignsTable />
    </section>
  );
}
