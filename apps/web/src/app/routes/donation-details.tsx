import { Link, useParams } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CampaignDetails } from '@/features/campaigns/components/campaign-details';

export function Component() {
  const { id = '' } = useParams();
  const { status } = useAuth();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <Link
        to="/donation"
        className="mb-6 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-200"
      >
        ← All donation campaigns
      </Link>
      <CampaignDetails
        key={id}
        id={id}
        signedIn={status === 'signed-in'}
        sessionKnown={status !== 'loading'}
      />
    </section>
  );
}
