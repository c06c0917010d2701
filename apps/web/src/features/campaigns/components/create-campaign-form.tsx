import { toast } from 'sonner';
import { messages } from '@pet-haven/shared/messages';
import { isApiError } from '@/lib/api-client';
import { useCreateCampaign } from '../api/create-campaign';
import { errorReason } from '../utils/error-reason';
import { CampaignForm, emptyCampaignForm } from './campaign-form';

/** Spec section 8: the server's error, else 'Failed to create donation campaign.' (network: '... Please try again.'). */
export function createFailure(err: unknown): string {
  if (!isApiError(err)) return messages.campaigns.createFailed;
  if (err.isNetworkError) return messages.campaigns.createFailedRetry;
  if (err.status >= 400 && err.status < 500 && err.status !== 401) {
    return errorReason(err) ?? messages.campaigns.createFailed;
  }
  return messages.campaigns.createFailed;
}

/** Create Donation Campaign (dashboard): the form empties after success. */
export function CreateCampaignForm() {
  const mutation = useCreateCampaign();
  return (
    <CampaignForm
      mode="create"
      defaultValues={emptyCampaignForm}
      submitLabel="Create Campaign"
      onSubmit={async (values) => {
        try {
          await mutation.mutateAsync(values);
        } catch (err) {
          toast.error(createFailure(err));
          throw err;
        }
        toast.success(messages.campaigns.created);
        return 'reset';
      }}
    />
  );
}
