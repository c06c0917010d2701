import { PageHeader } from '@/components/ui/page-header';
import { MyAdoptionRequestsTable } from '@/features/pets/components/my-adoption-requests-table';

export function Component() {
  return (
    <div>
      <PageHeader
        level={2}
        title="My Adoption Requests"
        description="The pets you asked to adopt and what their owners decided."
      />
      <MyAdoptionRequestsTable />
    </div>
  );
}
