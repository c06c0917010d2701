import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RequireVerifiedEmail } from '@/features/auth/components/verify-email-notice';
import { AddPetForm } from '@/features/pets/components/add-pet-form';

export function Component() {
  const { user } = useAuth();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader
        title="Add a Pet"
        description="Upload a picture first, then tell us about the pet."
      />
      {user && (
        <RequireVerifiedEmail action="list a pet">
          <AddPetForm viewer={{ name: user.name, email: user.email }} />
        </RequireVerifiedEmail>
      )}
    </section>
  );
}
