import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MyPetsTable } from '@/features/pets/components/my-pets-table';

export function Component() {
  const { user } = useAuth();
  return (
    <DashboardTab title="My Added Pets">
      {user && <MyPetsTable viewer={{ name: user.name, email: user.email }} />}
    </DashboardTab>
  );
}
