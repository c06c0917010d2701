import { DashboardTab } from '@/components/layouts/dashboard-tab';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { RequireVerifiedEmail } from '@/features/auth/components/verify-email-notice';
import { AddPetForm } from '@/features/pets/components/add-pet-form';

export function Component() {
  const { user } = useAuth();
  return (
    <DashboardTab
      title="Add a Pet"
      description="Upload a picture first, then tell us about the pet."
      className="max-w-3xl"
    >
      {user && (
        <RequireVerifiedEmail action="list a pet">
          <AddPetForm viewer={{ name: user.name, email: user.email }} />
        </RequireVerifiedEmail>
      )}
    </DashboardTab>
  );
}
