import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MyPetsTable } from '@/features/pets/components/my-pets-table';

export function Component() {
  const { user } = useAuth();
  return (
    <div>
      <PageHeader level={2} title="My Added Pets" />
      {user && <MyPetsTable viewer={{ name: user.name, email: user.email }} />}
    </div>
  );
}
