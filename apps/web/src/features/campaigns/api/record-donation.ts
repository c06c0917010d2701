import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@pet-haven/shared/campaigns';
import type { RecordDonationAnswer, RecordDonationBody } from '@pet-haven/shared/payments';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { campaignKey } from './get-campaign';
import { myDonationsKey } from './get-my-donations';

/**
 * POST /api/donations/record: the server checks with the payment provider that the intent
 * succeeded for this campaign and amount, then records it once (retries are harmless).
 */
function recordDonation(body: RecordDonationBody) {
  return api<RecordDonationAnswer>('/donations/record', { method: 'POST', json: body });
}

/**
 * Shows a recorded donation: the raised amount changes at once on the details screen, then
 * everything refetches. For the record call's answer, and for a card form that recorded it.
 */
export function useShowRecordedDonation() {
  const queryClient = useQueryClient();
  return (campaignId: string, { donatedAmount }: RecordDonationAnswer) => {
    queryClient.setQueryData<Campaign>(campaignKey(campaignId), (c) =>
      c ? { ...c, donatedAmount } : c,
    );
    void queryClient.invalidateQueries({ queryKey: queryRoots.campaigns });
    void queryClient.invalidateQueries({ queryKey: myDonationsKey });
  };
}

export function useRecordDonation() {
  const showRecorded = useShowRecordedDonation();
  return useMutation({
    mutationFn: recordDonation,
    onSuccess: (answer, { donationId }) => showRecorded(donationId, answer),
  });
}
