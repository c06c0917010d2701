import { PageHeader } from '@/components/ui/page-header';
import { UsersTable } from '@/features/admin/components/users-table';

export function Component() {
  return (
    <section>
      <PageHeader title="Users" level={2} />
      <UsersTable />
    </section>
  );
}
