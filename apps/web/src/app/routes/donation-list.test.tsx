import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@pet-haven/shared/campaigns';
import { messages } from '@pet-haven/shared/messages';
import { makeCampaign } from '@/features/campaigns/test-data';
import { layOutPage } from '@/testing/page-layout';
import { answer, apiError, page, type Page } from '@/testing/api-handlers';
import { campaignListKey } from '@/features/campaigns/api/get-campaigns';
import { backgroundRefetch } from '@/testing/background-refetch';
import { heldAnswer } from '@/testing/held-answer';
import { renderRoute } from '@/testing/render-route';

const pageOf = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => makeCampaign({ petName: `${prefix} ${i + 1}` }));

describe('/donation', () => {
  it('shows skeletons while loading, then cards with picture, amounts and View Details', async () => {
    const held = heldAnswer();
    const campaign = makeCampaign({
      petName: 'Luna',
      maxDonationAmount: 1500,
      donatedAmount: 250.5,
    });
    renderRoute('/donation', {
      handlers: [
        answer(
          'GET /api/donation-campaigns',
          held.answer(() => [campaign]),
        ),
      ],
    });
    expect(await screen.findByText('Loading campaigns')).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card').length).toBeGreaterThan(0);

    held.release();
    const card = await screen.findByRole('article', { name: 'Luna' });
    expect(within(card).getByRole('img', { name: 'Luna' })).toHaveAttribute('srcset');
    expect(within(card).getByText('Max Donation:')).toBeInTheDocument();
    expect(within(card).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(card).getByText('Donated:')).toBeInTheDocument();
    expect(within(card).getByText('$250.50')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/donation-details/${campaign._id}`,
    );
    expect(screen.queryByTestId('skeleton-card')).not.toBeInTheDocument();
  });

  it("shows the spec's red error when the list fails", async () => {
    renderRoute('/donation', {
      handlers: [
        answer('GET /api/donation-campaigns', () => apiError(500, 'INTERNAL_ERROR', 'boom')),
      ],
    });
    const error = await screen.findByText(messages.campaigns.listFailed);
    expect(error).toHaveClass('text-red-600');
    expect(screen.queryByText(messages.campaigns.noMore)).not.toBeInTheDocument();
  });

  it("loads pages of 9 until an empty page, then says 'No more campaigns available.'", async () => {
    // 27 campaigns when pages 1 and 2 were asked for; 9 of them paused before page 3 was
    const pages: Record<string, Page<Campaign>> = {
      '1': page(pageOf(9, 'First'), 27),
      '2': page(pageOf(9, 'Second'), 27),
      '3': page([], 18),
    };
    const r = renderRoute('/donation', {
      handlers: [
        answer('GET /api/donation-campaigns', ({ query }) => pages[query.get('page') ?? ''] ?? []),
      ],
    });
    // jsdom lays nothing out, so the page is always "near the bottom": every page loads.
    expect(await screen.findByText(messages.campaigns.noMore)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(18);
    expect(screen.getByRole('article', { name: 'Second 9' })).toBeInTheDocument();
    const asked = r.requests
      .filter((q) => q.key === 'GET /api/donation-campaigns')
      .map((q) => q.query.get('page'));
    expect(asked).toEqual(['1', '2', '3']);
  });

  it('shows a campaign once when the pages shift between loads (offset paging), without duplicate-key errors', async () => {
    const first = pageOf(9, 'First');
    // A campaign created after page 1 was loaded pushes First 9 onto page 2.
    const pages: Record<string, Page<Campaign>> = {
      '1': page(first, 18),
      '2': page([first[8]!, ...pageOf(8, 'Second')], 18),
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderRoute('/donation', {
        handlers: [
          answer(
            'GET /api/donation-campaigns',
            ({ query }) => pages[query.get('page') ?? ''] ?? [],
          ),
        ],
      });
      expect(await screen.findByText(messages.campaigns.noMore)).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(17);
      expect(screen.getAllByRole('article', { name: 'First 9' })).toHaveLength(1);
      expect(screen.getByRole('article', { name: 'Second 8' })).toBeInTheDocument();
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    } finally {
      errors.mockRestore();
    }
  });

  it('does not load the next page until the window is scrolled within 100 px of the bottom', async () => {
    // A tall page: 2000 px of content in a 800 px window.
    const layout = layOutPage({ height: 2000, windowHeight: 800 });
    // The grid checks how near the bottom it is on the next animation frame: the test runs it.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const r = renderRoute('/donation', {
        handlers: [
          answer('GET /api/donation-campaigns', ({ query }) =>
            query.get('page') === '1' ? page(pageOf(9, 'Tall'), 10) : page(pageOf(1, 'Last'), 10),
          ),
        ],
      });
      await screen.findByRole('article', { name: 'Tall 9' });
      act(() => vi.advanceTimersToNextFrame());
      const pagesAsked = () =>
        r.requests.filter((q) => q.key === 'GET /api/donation-campaigns').length;
      // the frame's check asked for nothing more (a page asked for would be in flight now)
      expect(r.queryClient.isFetching()).toBe(0);
      expect(pagesAsked()).toBe(1);

      // 150 px from the bottom: still not near enough (the scroll handler runs as the event is
      // dispatched).
      act(() => layout.scrollTo(1050));
      expect(r.queryClient.isFetching()).toBe(0);
      expect(pagesAsked()).toBe(1);

      // 90 px from the bottom: the next page loads, and it is the last.
      layout.scrollTo(1110);
      await waitFor(() => expect(pagesAsked()).toBe(2));
      expect(await screen.findByText(messages.campaigns.noMore)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      layout.restore();
    }
  });

  it('a scroll to the bottom while the list is fetched again in the background loads the next page when that ends', async () => {
    const layout = layOutPage({ height: 2000, windowHeight: 800 });
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const refetch = backgroundRefetch();
      const r = renderRoute('/donation', {
        handlers: [
          answer('GET /api/donation-campaigns', async ({ query }) => {
            if (query.get('page') !== '1') return page(pageOf(1, 'Last'), 10);
            await refetch.wait();
            return page(pageOf(9, 'Tall'), 10);
          }),
        ],
      });
      await screen.findByRole('article', { name: 'Tall 9' });
      act(() => vi.advanceTimersToNextFrame());
      const pagesAsked = (n: string) =>
        r.requests.filter(
          (q) => q.key === 'GET /api/donation-campaigns' && q.query.get('page') === n,
        ).length;

      // the list is fetched again (as after signing in), and its answer is slow
      await refetch.start(r.queryClient, campaignListKey, () => pagesAsked('1'));
      // the user scrolls to the bottom meanwhile: nothing is asked yet...
      act(() => layout.scrollTo(1200));
      expect(pagesAsked('2')).toBe(0);
      // ...and once the list is back, the next page loads without another scroll
      await refetch.release(r.queryClient);
      await waitFor(() => expect(pagesAsked('2')).toBe(1));
      expect(await screen.findByText(messages.campaigns.noMore)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      layout.restore();
    }
  });
});
