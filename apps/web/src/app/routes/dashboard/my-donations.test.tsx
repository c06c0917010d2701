import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DONATION_LIST_PAGE_SIZE } from '@pet-haven/shared/campaigns';
import { MY_DONATIONS_FAILED_TEXT } from '@/features/campaigns/components/my-donations-table';
import { makeMyDonation } from '@/features/campaigns/test-data';
import { answer, apiError, pageFrom } from '@/testing/api-handlers';
import { heldAnswer } from '@/testing/held-answer';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

const path = '/dashboard/payment';

describe('/dashboard/payment (My Donations)', () => {
  it('shows a skeleton, then each donation with campaign, amount and date', async () => {
    const held = heldAnswer();
    const d = makeMyDonation({ petName: 'Luna', amount: 25, date: '2026-11-20T10:30:00.000Z' });
    renderRoute(path, {
      handlers: [
        ...signedIn(),
        answer(
          'GET /api/user/donations',
          held.answer(() => [d]),
        ),
      ],
    });
    expect(await screen.findByText('Loading your donations')).toBeInTheDocument();
    held.release();
    const row = await screen.findByRole('row', { name: /Luna/ });
    expect(within(row).getByRole('link', { name: 'Luna' })).toHaveAttribute(
      'href',
      `/donation-details/${d.campaignId}`,
    );
    expect(within(row).getByText('$25.00')).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('datetime', d.date);
    expect(within(row).getByText(/Nov 20, 2026/, { selector: 'time' })).toBeInTheDocument();
    // its receipt, named for screen readers by campaign and date
    expect(
      within(row).getByRole('link', { name: /^Receipt\s*for Luna, Nov 20, 2026/ }),
    ).toHaveAttribute('href', `/dashboard/receipts/${d._id}`);
  });

  it('pages a long list 20 at a time instead of reading only the first rows', async () => {
    const all = Array.from({ length: 45 }, (_, i) => makeMyDonation({ petName: `Pet ${i + 1}` }));
    const r = renderRoute(path, {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/donations', ({ paging }) => pageFrom(all, paging)),
      ],
    });
    expect(await screen.findByRole('row', { name: /Pet 20\b/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + DONATION_LIST_PAGE_SIZE);
    expect(screen.queryByRole('row', { name: /Pet 21\b/ })).not.toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'My donations pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();

    await r.user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Pet 21\b/ })).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
    await r.user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Pet 45\b/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();

    const asked = r.requests.filter((q) => q.key === 'GET /api/user/donations');
    expect(asked.map((q) => [q.query.get('page'), q.query.get('limit')])).toEqual([
      ['1', '20'],
      ['2', '20'],
      ['3', '20'],
    ]);
  });

  it('says so when there are no donations yet', async () => {
    renderRoute(path, {
      handlers: [...signedIn(), answer('GET /api/user/donations', () => [])],
    });
    expect(await screen.findByText('You have not donated yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See donation campaigns' })).toHaveAttribute(
      'href',
      '/donation',
    );
  });

  it('shows an error when the donations cannot be loaded', async () => {
    renderRoute(path, {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/donations', () => apiError(500, 'INTERNAL_ERROR')),
      ],
    });
    expect(await screen.findByText(MY_DONATIONS_FAILED_TEXT)).toBeInTheDocument();
  });
});
