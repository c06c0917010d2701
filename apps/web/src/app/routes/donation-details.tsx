import { useParams } from 'react-router';
import { CampaignDetails } from '@/features/campaigns/components/campaign-details';

export function Component() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <CampaignDetails key={id} id={id} />
    </section>
  );
}
