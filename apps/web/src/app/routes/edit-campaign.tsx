import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { EditCampaign } from '@/features/campaigns/components/edit-campaign';
import { useEditor } from '@/app/use-editor';

export function Component() {
  const { id = '' } = useParams();
  const editor = useEditor();
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
      {editor ? <EditCampaign key={id} id={id} viewer={editor} /> : <Spinner label="Loading" />}
    </section>
  );
}
