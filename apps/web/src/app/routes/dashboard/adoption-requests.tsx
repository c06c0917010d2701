import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AdoptionRequestsTable } from '@/features/pets/components/adoption-requests-table';

export function Component() {
  const { user } = useAuth();
  return (
    <DashboardTab title="Adoption Requests" description="People who would like to adopt your pets.">
      {user && <AdoptionRequestsTable viewer={{ name: user.name, email: user.email }} />}
    </DashboardTab>
  );
}
