import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AddPetForm } from '@/features/pets/components/add-pet-form';

export function Component() {
  const { user } = useAuth();
  return (
    <div className="max-w-3xl">
      <PageHeader
        level={2}
        title="Add a Pet"
        description="Upload a picture first, then tell us about the pet."
      />
      {user && <AddPetForm viewer={{ name: user.name, email: user.email }} />}
    </div>
  );
}
