import { PageHeader } from '@/components/ui/page-header';
import { MyDonationsTable } from '@/features/campaigns/components/my-donations-table';

export function Component() {
  return (
    <section>
      <PageHeader title="My Donations" level={2} />
      <MyDonationsTable />
    </section>
  );
}
