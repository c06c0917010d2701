import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { centsToDecimalString, toCentsStrict } from '@pet-haven/shared/money';
import { ErrorText } from '@/components/ui/error-text';
import { Refusal } from '@/components/ui/refusal';
import { FormSkeleton } from '@/components/ui/skeleton';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCampaign } from '../api/get-campaign';
import { useUpdateCampaign } from '../api/update-campaign';
import { CampaignForm, type CampaignFormValues } from './campaign-form';

export const NOT_YOUR_CAMPAIGN_TEXT = 'You can only edit donation campaigns you created.';

/** The signed-in user as the edit screen needs it (the route passes it in from the auth feature). */
export interface CampaignViewer {
  email: string;
  isAdmin: boolean;
}

function campaignToFormValues(c: Campaign): CampaignFormValues {
  return {
    petPicture: c.petPicture,
    petName: c.petName,
    maxDonationAmount: centsToDecimalString(toCentsStrict(c.maxDonationAmount)),
    lastDate: c.lastDate,
    shortDescription: c.shortDescription,
    longDescription: c.longDescription,
  };
}

/** Edit a campaign (/donation/:id): only its owner or an admin; others see a refusal. */
export function EditCampaign({ id, viewer }: { id: string; viewer: CampaignViewer }) {
  const { data: campaign, isPending, isError, error } = useCampaign(id);
  const mutation = useUpdateCampaign(id);

  if (isPending) return <FormSkeleton label="Loading campaign" />;
  if (isError) {
    return (
      <div className="flex flex-col gap-2">
        <ErrorText>{messages.campaigns.detailsFailed}</ErrorText>
        {isApiError(error) && error.status === 404 && (
          <p className="text-slate-600 dark:text-slate-300">This campaign does not exist.</p>
        )}
      </div>
    );
  }
  const isOwner = campaign.userEmail != null && campaign.userEmail === viewer.email;
  if (!isOwner && !viewer.isAdmin) {
    return (
      <Refusal
        message={NOT_YOUR_CAMPAIGN_TEXT}
        link={{
          to: `/donation-details/${campaign._id}`,
          label: `View the campaign for ${campaign.petName}`,
        }}
      />
    );
  }

  return (
    <CampaignForm
      key={campaign._id}
      mode="edit"
      defaultValues={campaignToFormValues(campaign)}
      submitLabel="Update Campaign"
      onSave={{
        save: mutation.mutateAsync,
        saved: messages.campaigns.updated,
        failed: (err) => errorMessage(err, messages.campaigns.updateFailed),
      }}
    />
  );
}
