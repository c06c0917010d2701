import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useIsAdmin } from '@/features/auth/api/get-admin-status';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { EditPet } from '@/features/pets/components/edit-pet';

export function Component() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const admin = useIsAdmin();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title="Update Pet" />
      {!user || admin.isLoading ? (
        <Spinner label="Loading" />
      ) : (
        <EditPet id={id} viewer={{ name: user.name, email: user.email, isAdmin: admin.isAdmin }} />
      )}
    </section>
  );
}
