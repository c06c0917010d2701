import { useParams } from 'react-router';
import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { AdoptionRequestView } from '@/features/pets/components/adoption-request-view';

/** /dashboard/adoption/:id: one adoption request, its history and its conversation. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <DashboardTab title="Adoption Request">
      <AdoptionRequestView id={id} />
    </DashboardTab>
  );
}
