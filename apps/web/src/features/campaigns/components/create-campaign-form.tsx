import { messages } from '@pet-haven/shared/messages';
import { errorMessage } from '@/lib/api-client';
import { useCreateCampaign } from '../api/create-campaign';
import { CampaignForm, emptyCampaignForm } from './campaign-form';

/** Spec section 8: the server's error, else 'Failed to create donation campaign.' (network: '... Please try again.'). */
function createFailure(err: unknown): string {
  return errorMessage(err, messages.campaigns.createFailed, messages.campaigns.createFailedRetry);
}

/** Create Donation Campaign (dashboard): the form empties after success. */
export function CreateCampaignForm() {
  const mutation = useCreateCampaign();
  return (
    <CampaignForm
      mode="create"
      defaultValues={emptyCampaignForm}
      submitLabel="Create Campaign"
      onSave={{
        save: mutation.mutateAsync,
        saved: messages.campaigns.created,
        failed: createFailure,
        reset: true,
      }}
    />
  );
}
