import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MY_DONATIONS_FAILED_TEXT } from '@/features/campaigns/components/my-donations-table';
import { makeMyDonation } from '@/features/campaigns/test-data';
import { answer, apiError } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

// Two shared CPU cores: give the first lazy route and slow renders time before failing.
configure({ asyncUtilTimeout: 5000 });

const path = '/dashboard/payment';

describe('/dashboard/payment (My Donations)', { timeout: 20_000 }, () => {
  it('shows a skeleton, then each donation with campaign, amount and date', async () => {
    let release!: () => void;
    const released = new Promise<void>((res) => (release = res));
    const d = makeMyDonation({ petName: 'Luna', amount: 25, date: '2026-11-20T10:30:00.000Z' });
    renderRoute(path, {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/donations', async () => {
          await released;
          return [d];
        }),
      ],
    });
    expect(await screen.findByText('Loading your donations')).toBeInTheDocument();
    release();
    const row = await screen.findByRole('row', { name: /Luna/ });
    expect(within(row).getByRole('link', { name: 'Luna' })).toHaveAttribute(
      'href',
      `/donation-details/${d.campaignId}`,
    );
    expect(within(row).getByText('$25.00')).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('datetime', d.date);
    expect(within(row).getByText(/Nov 20, 2026/)).toBeInTheDocument();
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
