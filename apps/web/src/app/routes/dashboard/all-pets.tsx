import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { PetsTable } from '@/features/admin/components/pets-table';

export function Component() {
  return (
    <DashboardTab title="All Pets">
      <PetsTable />
    </DashboardTab>
  );
}
