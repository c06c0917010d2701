import { PageHeader } from '@/components/ui/page-header';
import { PetsTable } from '@/features/admin/components/pets-table';

export function Component() {
  return (
    <section>
      <PageHeader title="All Pets" level={2} />
      <PetsTable />
    </section>
  );
}
