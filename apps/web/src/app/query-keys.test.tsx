import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useDeleteCampaign } from '@/features/admin/api/delete-campaign';
import { useDeletePet } from '@/features/admin/api/delete-pet';
import { allCampaignsKey } from '@/features/admin/api/get-all-campaigns';
import { allPetsKey } from '@/features/admin/api/get-all-pets';
import { usersKey } from '@/features/admin/api/get-users';
import { useMakeAdmin } from '@/features/admin/api/make-admin';
import { useSetCampaignPaused } from '@/features/admin/api/set-campaign-paused';
import { useSetPetAdopted } from '@/features/admin/api/set-pet-adopted';
import { adminStatusKey } from '@/features/auth/api/get-admin-status';
import { sessionKey } from '@/features/auth/api/get-session';
import { campaignKey } from '@/features/campaigns/api/get-campaign';
import { campaignDonatorsKey } from '@/features/campaigns/api/get-campaign-donators';
import { campaignListKey } from '@/features/campaigns/api/get-campaigns';
import { myCampaignsKey } from '@/features/campaigns/api/get-my-campaigns';
import { myDonationsKey } from '@/features/campaigns/api/get-my-donations';
import { makeCampaign } from '@/features/campaigns/test-data';
import { adoptionRequestsKey } from '@/features/pets/api/get-adoption-requests';
import { myAdoptionRequestsKey } from '@/features/pets/api/get-my-adoption-requests';
import { myPetsKey } from '@/features/pets/api/get-my-pets';
import { petKey } from '@/features/pets/api/get-pet';
import { petListKey } from '@/features/pets/api/get-pets';
import { makePet } from '@/features/pets/test-data';
import { queryRoots } from '@/lib/query-keys';
import { answer } from '@/testing/api-handlers';
import { server } from '@/testing/server';

/** One cached query of every kind the web keeps, by the feature that owns it. */
const cached = {
  publicPets: [...petListKey, { search: '', category: '' }],
  pet: petKey('p1'),
  myPets: [...myPetsKey, 'owner@example.com', 1],
  adminPets: [...allPetsKey, { page: 1, limit: 10 }],
  requestsReceived: [...adoptionRequestsKey, 'owner@example.com', 1],
  requestsSent: [...myAdoptionRequestsKey, 1],
  publicCampaigns: campaignListKey,
  campaign: campaignKey('c1'),
  myCampaigns: myCampaignsKey,
  donators: campaignDonatorsKey('c1'),
  adminCampaigns: [...allCampaignsKey, { page: 1, limit: 10 }],
  myDonations: myDonationsKey,
  users: [...usersKey, { page: 1, limit: 10 }],
  adminStatus: adminStatusKey('someone@example.com'),
  session: sessionKey,
  config: queryRoots.config,
} satisfies Record<string, QueryKey>;
type Cached = keyof typeof cached;

/** Runs a mutation hook once with every kind of query cached; answers which ones it invalidated. */
async function invalidatedBy<V>(
  useMutationHook: () => { mutateAsync: (v: V) => Promise<unknown> },
  variables: V,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of Object.values(cached)) client.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useMutationHook, { wrapper });
  await act(() => result.current.mutateAsync(variables));
  return (Object.keys(cached) as Cached[]).filter(
    (name) => client.getQueryState(cached[name])?.isInvalidated,
  );
}

const pets: Cached[] = ['publicPets', 'pet', 'myPets', 'adminPets'];
const requests: Cached[] = ['requestsReceived', 'requestsSent'];
const campaigns: Cached[] = [
  'publicCampaigns',
  'campaign',
  'myCampaigns',
  'donators',
  'adminCampaigns',
];

describe('admin mutations invalidate what they change, by the owning features’ keys', () => {
  it('deleting a pet: every pet view and the adoption requests', async () => {
    server.use(answer('DELETE /api/pets/:id', () => ({ deletedCount: 1 })));
    expect(await invalidatedBy(useDeletePet, 'p1')).toEqual([...pets, ...requests]);
  });

  it('setting a pet adopted: every pet view and the adoption requests', async () => {
    server.use(answer('PATCH /api/pets/:id', ({ body }) => makePet({ adopted: body.adopted })));
    expect(await invalidatedBy(useSetPetAdopted, { id: 'p1', adopted: true })).toEqual([
      ...pets,
      ...requests,
    ]);
  });

  it('pausing a campaign: every campaign view', async () => {
    server.use(
      answer('PATCH /api/admin/donation-campaigns/:id', ({ body }) =>
        makeCampaign({ paused: body.paused }),
      ),
    );
    expect(await invalidatedBy(useSetCampaignPaused, { id: 'c1', paused: true })).toEqual(
      campaigns,
    );
  });

  it('deleting a campaign: every campaign view and the donations', async () => {
    server.use(
      answer('DELETE /api/admin/donation-campaigns/:id', () => ({
        deletedCount: 0,
        archived: true,
      })),
    );
    expect(await invalidatedBy(useDeleteCampaign, 'c1')).toEqual([...campaigns, 'myDonations']);
  });

  it('promoting a user: the users list and the cached admin checks', async () => {
    server.use(answer('PATCH /api/users/admin/:id', () => ({ modifiedCount: 1 })));
    expect(await invalidatedBy(useMakeAdmin, { _id: 'u1', name: 'Someone' })).toEqual([
      'users',
      'adminStatus',
    ]);
  });
});
