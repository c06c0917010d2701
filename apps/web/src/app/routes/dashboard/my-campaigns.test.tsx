import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DONATION_LIST_PAGE_SIZE } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { makeCampaign, makeDonator } from '@/features/campaigns/test-data';
import type { HttpHandler } from 'msw';
import { answer, apiError, pageFrom } from '@/testing/api-handlers';
import { heldAnswer } from '@/testing/held-answer';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

const path = '/dashboard/my-donation-campaigns';
const luna = makeCampaign({ petName: 'Luna', maxDonationAmount: 500, donatedAmount: 125 });
const max = makeCampaign({ petName: 'Max', maxDonationAmount: 80, donatedAmount: 0, paused: true });

function renderTable(handlers: HttpHandler[] = []) {
  return renderRoute(path, {
    handlers: [...signedIn(), answer('GET /api/donations', () => [luna, max]), ...handlers],
  });
}

describe('/dashboard/my-donation-campaigns', () => {
  it('shows a table skeleton, then Pet Name, Maximum Donation, a progress bar and the actions', async () => {
    const held = heldAnswer();
    renderTable([
      answer(
        'GET /api/donations',
        held.answer(() => [luna, max]),
      ),
    ]);
    expect(await screen.findByText('Loading your campaigns')).toBeInTheDocument();
    held.release();

    const table = await screen.findByRole('table');
    for (const h of ['Pet Name', 'Maximum Donation', 'Progress', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
    const row = within(table).getByRole('row', { name: /^Luna/ });
    expect(within(row).getByText('$500.00')).toBeInTheDocument();
    const bar = within(row).getByRole('progressbar', { name: 'Donations for Luna' });
    expect(bar).toHaveAttribute('aria-valuenow', '125');
    expect(bar).toHaveAttribute('aria-valuemax', '500');
    expect(within(row).getByRole('button', { name: 'Pause Luna' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Luna' })).toHaveAttribute(
      'href',
      `/donation/${luna._id}`,
    );
    const paused = within(table).getByRole('row', { name: /^Max(?!imum)/ });
    expect(within(paused).getByRole('button', { name: 'Unpause Max' })).toBeInTheDocument();
  });

  it('pauses with the value the server answers, and says so when it fails', async () => {
    let fail = false;
    const list = [luna, max];
    const r = renderTable([
      answer('GET /api/donations', () => list),
      answer('PATCH /api/donations/:id/pause', ({ params }) => {
        if (fail) return apiError(500, 'INTERNAL_ERROR');
        const i = list.findIndex((c) => c._id === params.id);
        list[i] = { ...list[i]!, paused: !list[i]!.paused };
        return { paused: list[i]!.paused };
      }),
    ]);
    await r.user.click(await screen.findByRole('button', { name: 'Pause Luna' }));
    expect(await screen.findByRole('button', { name: 'Unpause Luna' })).toBeInTheDocument();
    expect(r.requests.map((q) => q.key)).toContain(`PATCH /api/donations/${luna._id}/pause`);

    fail = true;
    await r.user.click(screen.getByRole('button', { name: 'Unpause Max' }));
    expect(await screen.findByText(messages.campaigns.statusUpdateFailed)).toBeInTheDocument();
  });

  it('View Donators lists names and amounts in a modal with Close', async () => {
    const r = renderTable([
      answer('GET /api/donations/:id/donators', () => [
        makeDonator({ name: 'Alice Donor', amount: 100 }),
        makeDonator({ name: 'Bob Giver', amount: 25.5 }),
      ]),
    ]);
    await r.user.click(await screen.findByRole('button', { name: 'View Donators of Luna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Donators of Luna' });
    expect(await within(dialog).findByText('Alice Donor')).toBeInTheDocument();
    expect(within(dialog).getByText('$100.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Bob Giver')).toBeInTheDocument();
    expect(within(dialog).getByText('$25.50')).toBeInTheDocument();
    await r.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'View Donators of Luna' })).toHaveFocus(),
    );
  });

  it('View Donators pages a long list 20 at a time', async () => {
    const all = Array.from({ length: 45 }, (_, i) =>
      makeDonator({ name: `Donor number ${i + 1}`, amount: i + 1 }),
    );
    const r = renderTable([
      answer('GET /api/donations/:id/donators', ({ paging }) => pageFrom(all, paging)),
    ]);
    await r.user.click(await screen.findByRole('button', { name: 'View Donators of Luna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Donators of Luna' });
    const donators = await within(dialog).findByRole('list', { name: 'Donators' });
    expect(within(donators).getAllByRole('listitem')).toHaveLength(DONATION_LIST_PAGE_SIZE);
    expect(within(donators).getByText('Donor number 20')).toBeInTheDocument();
    const pager = within(dialog).getByRole('navigation', { name: 'Donators pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();

    await r.user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Donor number 21')).toBeInTheDocument();
    expect(within(dialog).queryByText('Donor number 20')).not.toBeInTheDocument();
    await r.user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Donor number 45')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
    await r.user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await within(dialog).findByText('Donor number 40')).toBeInTheDocument();

    const asked = r.requests.filter((q) => q.key === `GET /api/donations/${luna._id}/donators`);
    // each page is asked for when shown (the donators are never taken from the cache)
    expect(asked.map((q) => [q.query.get('page'), q.query.get('limit')])).toEqual([
      ['1', '20'],
      ['2', '20'],
      ['3', '20'],
      ['2', '20'],
    ]);
  });

  it('pages the campaigns 20 at a time', async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      makeCampaign({ petName: `Pet number ${i + 1}` }),
    );
    const r = renderTable([answer('GET /api/donations', ({ paging }) => pageFrom(all, paging))]);
    expect(await screen.findByRole('row', { name: /^Pet number 20\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^Pet number 21\b/ })).not.toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'My campaigns pages' });
    await r.user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /^Pet number 25\b/ })).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it("says 'Failed to fetch donators' when the donators cannot be loaded", async () => {
    const r = renderTable([
      answer('GET /api/donations/:id/donators', () => apiError(500, 'INTERNAL_ERROR')),
    ]);
    await r.user.click(await screen.findByRole('button', { name: 'View Donators of Max' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(messages.campaigns.donatorsFailed)).toBeInTheDocument();
  });

  it('shows an archived campaign read-only (no Pause, no Edit) with its donators, and an admin pause without Unpause', async () => {
    const gone = makeCampaign({ petName: 'Gone', paused: true, archived: true });
    const held = makeCampaign({ petName: 'Held', paused: true, pausedByAdmin: true });
    const r = renderTable([
      answer('GET /api/donations', () => [gone, held]),
      answer('GET /api/donations/:id/donators', () => [makeDonator({ name: 'Ann', amount: 5 })]),
    ]);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /^Gone/ });
    expect(within(row).getByText('Archived')).toBeInTheDocument();
    expect(within(row).queryByText('Paused')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /pause Gone/i })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Edit Gone' })).not.toBeInTheDocument();
    const heldRow = within(table).getByRole('row', { name: /^Held/ });
    expect(within(heldRow).getByText('Paused by an admin')).toBeInTheDocument();
    expect(within(heldRow).queryByRole('button', { name: 'Unpause Held' })).not.toBeInTheDocument();
    await r.user.click(within(row).getByRole('button', { name: 'View Donators of Gone' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ann')).toBeInTheDocument();
  });

  it('offers to create a campaign when there is none', async () => {
    renderTable([answer('GET /api/donations', () => [])]);
    expect(
      await screen.findByText('You have not created any donation campaigns yet.'),
    ).toBeInTheDocument();
    const empty = screen.getByText(
      'You have not created any donation campaigns yet.',
    ).parentElement!;
    expect(within(empty).getByRole('link', { name: 'Create Donation Campaign' })).toHaveAttribute(
      'href',
      '/dashboard/create-donation-campaigns',
    );
  });
});
