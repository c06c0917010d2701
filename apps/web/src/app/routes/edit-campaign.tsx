import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useIsAdmin } from '@/features/auth/api/get-admin-status';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { EditCampaign } from '@/features/campaigns/components/edit-campaign';

export function Component() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const admin = useIsAdmin();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader
        title="Edit Donation Campaign"
        actions={
          <Link
            to="/dashboard/my-donation-campaigns"
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            My Donation Campaigns
          </Link>
        }
      />
      {!user || admin.isLoading ? (
        <Spinner label="Loading" />
      ) : (
        <EditCampaign key={id} id={id} viewer={{ email: user.email, isAdmin: admin.isAdmin }} />
      )}
    </section>
  );
}
