import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { MyAdoptionRequestsTable } from '@/features/pets/components/my-adoption-requests-table';

export function Component() {
  return (
    <DashboardTab
      title="My Adoption Requests"
      description="The pets you asked to adopt and what their owners decided."
    >
      <MyAdoptionRequestsTable />
    </DashboardTab>
  );
}
