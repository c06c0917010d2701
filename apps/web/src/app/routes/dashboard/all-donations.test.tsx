import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, apiError, lastBodySent } from '@/testing/api-handlers';
import { fakeList } from '@/testing/fake-list';
import { renderRoute } from '@/testing/render-route';
import { fakeAdmin, signedIn } from '@/testing/session';

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  _id: '22222222-2222-4222-8222-222222222222',
  petName: 'Luna',
  petPicture: 'https://example.com/luna.png',
  maxDonationAmount: 2500,
  donatedAmount: 100,
  lastDate: '2026-12-31',
  shortDescription: 'Surgery for Luna',
  longDescription: 'Luna needs surgery',
  userEmail: 'owner@example.com',
  paused: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

function campaignsServer(initial: Campaign[]) {
  const campaigns = fakeList(initial);
  return [
    ...signedIn(fakeAdmin),
    answer('GET /api/admin/donation-campaigns', ({ paging }) => campaigns.page(paging)),
    answer('DELETE /api/admin/donation-campaigns/:id', ({ params }) => ({
      ...campaigns.remove(params.id),
      archived: true,
    })),
    answer('PATCH /api/admin/donation-campaigns/:id', ({ params, body: { paused } }) =>
      campaigns.change(params.id, { paused }),
    ),
  ];
}

describe('dashboard All Donations tab (admin)', () => {
  it('shows Picture, Description, Max Donation, Last Date and Status (Paused or Active)', async () => {
    const r = renderRoute('/dashboard/all-donations', {
      handlers: campaignsServer([
        campaign(),
        campaign({ _id: 'c2', petName: 'Milo', shortDescription: 'Food for Milo', paused: true }),
      ]),
    });
    expect(await r.findByRole('status', {}, { timeout: 3000 })).toBeInTheDocument();
    const luna = (await r.findByText('Surgery for Luna')).closest('tr') as HTMLElement;
    expect(within(luna).getByRole('img', { name: 'Luna' })).toBeInTheDocument();
    expect(within(luna).getByText('$2,500.00')).toBeInTheDocument();
    expect(within(luna).getByText('Dec 31, 2026')).toBeInTheDocument();
    expect(within(luna).getByText('Active')).toBeInTheDocument();
    expect(within(luna).getByRole('button', { name: /^Pause/ })).toBeInTheDocument();
    const milo = r.getByText('Food for Milo').closest('tr') as HTMLElement;
    expect(within(milo).getByText('Paused')).toBeInTheDocument();
    expect(within(milo).getByRole('button', { name: /^Unpause/ })).toBeInTheDocument();
  });

  it('pauses and unpauses by sending the new paused value', async () => {
    const r = renderRoute('/dashboard/all-donations', { handlers: campaignsServer([campaign()]) });
    await r.user.click(await r.findByRole('button', { name: /^Pause/ }, { timeout: 3000 }));
    expect(await r.findByText('Paused')).toBeInTheDocument();
    expect(r.requests.find((q) => q.method === 'PATCH')?.json()).toEqual({ paused: true });
    await r.user.click(r.getByRole('button', { name: /^Unpause/ }));
    await waitFor(() => expect(r.getByText('Active')).toBeInTheDocument());
    expect(lastBodySent(r.requests, 'PATCH')).toEqual({ paused: false });
  });

  it("deletes only after 'Are you sure you want to delete this campaign?'", async () => {
    const r = renderRoute('/dashboard/all-donations', { handlers: campaignsServer([campaign()]) });
    await r.user.click(await r.findByRole('button', { name: /^Delete/ }, { timeout: 3000 }));
    const dialog = await r.findByRole('alertdialog', {
      name: messages.campaigns.adminConfirmDelete,
    });
    await r.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(r.requests.some((q) => q.method === 'DELETE')).toBe(false);
    await r.user.click(r.getByRole('button', { name: /^Delete/ }));
    await r.user.click(
      within(await r.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(r.queryByText('Surgery for Luna')).toBeNull());
    expect(r.requests.map((q) => q.key)).toContain(
      'DELETE /api/admin/donation-campaigns/22222222-2222-4222-8222-222222222222',
    );
  });

  it("shows 'Failed to delete the campaign. Please try again.' and 'Failed to update status'", async () => {
    const r = renderRoute('/dashboard/all-donations', {
      handlers: [
        ...campaignsServer([campaign()]),
        answer('DELETE /api/admin/donation-campaigns/:id', () => apiError(500, 'INTERNAL_ERROR')),
        answer('PATCH /api/admin/donation-campaigns/:id', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    await r.user.click(await r.findByRole('button', { name: /^Pause/ }, { timeout: 3000 }));
    expect(await r.findByText(messages.campaigns.statusUpdateFailed)).toBeInTheDocument();
    await r.user.click(r.getByRole('button', { name: /^Delete/ }));
    await r.user.click(
      within(await r.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await r.findByText(messages.campaigns.deleteFailed)).toBeInTheDocument();
    expect(r.getByText('Surgery for Luna')).toBeInTheDocument();
  });

  it('sends a signed-in non-admin who types the URL to /, without calling the admin API', async () => {
    const r = renderRoute('/dashboard/all-donations', {
      handlers: signedIn({ admin: false }),
    });
    await waitFor(() => expect(r.path()).toBe('/'), { timeout: 3000 });
    expect(r.requests.map((q) => q.key)).not.toContain('GET /api/admin/donation-campaigns');
  });

  it('sends an anonymous visitor to /login', async () => {
    const r = renderRoute('/dashboard/all-donations');
    await waitFor(() => expect(r.path()).toBe('/login'), { timeout: 3000 });
  });
});
