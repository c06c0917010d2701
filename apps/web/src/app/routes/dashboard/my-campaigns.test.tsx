import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { makeCampaign, makeDonator } from '@/features/campaigns/test-data';
import type { HttpHandler } from 'msw';
import { answer, apiError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

// Two shared CPU cores: give the first lazy route and slow renders time before failing.
configure({ asyncUtilTimeout: 5000 });

const path = '/dashboard/my-donation-campaigns';
const luna = makeCampaign({ petName: 'Luna', maxDonationAmount: 500, donatedAmount: 125 });
const max = makeCampaign({ petName: 'Max', maxDonationAmount: 80, donatedAmount: 0, paused: true });

function renderTable(handlers: HttpHandler[] = []) {
  return renderRoute(path, {
    handlers: [...signedIn(), answer('GET /api/donations', () => [luna, max]), ...handlers],
  });
}

describe('/dashboard/my-donation-campaigns', { timeout: 20_000 }, () => {
  it('shows a table skeleton, then Pet Name, Maximum Donation, a progress bar and the actions', async () => {
    let release!: () => void;
    const released = new Promise<void>((res) => (release = res));
    renderTable([
      answer('GET /api/donations', async () => {
        await released;
        return [luna, max];
      }),
    ]);
    expect(await screen.findByText('Loading your campaigns')).toBeInTheDocument();
    release();

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
