import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { makePet } from '@/features/pets/test-data';
import { layOutPage } from '@/testing/page-layout';
import userEvent from '@testing-library/user-event';
import { SEARCH_SAVED_TEXT } from '@/features/saved-searches/components/save-search-dialog';
import { answer, apiError, lastBodySent, page } from '@/testing/api-handlers';
import { findEnabledButton } from '@/testing/queries';
import { signedIn } from '@/testing/session';
import { petListKey } from '@/features/pets/api/get-pets';
import { backgroundRefetch } from '@/testing/background-refetch';
import { heldAnswer } from '@/testing/held-answer';
import { renderRoute } from '@/testing/render-route';

describe('/petlist', () => {
  it('shows a skeleton grid of 3 while loading, then the cards', async () => {
    const held = heldAnswer();
    const pets = [makePet({ petName: 'Bella', petAge: '3 months', petLocation: 'Khulna' })];
    const r = renderRoute('/petlist', {
      handlers: [
        answer(
          'GET /api/pets',
          held.answer(() => page(pets)),
        ),
      ],
    });
    expect(await screen.findByText('Loading pets')).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3);

    held.release();
    const card = await screen.findByRole('article', { name: 'Bella' });
    expect(within(card).getByText('3 months')).toBeInTheDocument();
    expect(within(card).getByText('Khulna')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Bella' })).toHaveAttribute('srcset');
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/pets/${pets[0]!._id}`,
    );
    expect(screen.queryByTestId('skeleton-card')).not.toBeInTheDocument();
    // only pets that are not adopted, first page
    const q = r.requests.find((x) => x.key === 'GET /api/pets')!.query;
    expect(q.get('adopted')).toBe('false');
    expect(q.get('page')).toBe('1');
  });

  it("shows the spec's message when the list fails", async () => {
    renderRoute('/petlist', {
      handlers: [answer('GET /api/pets', () => apiError(500, 'INTERNAL_ERROR', 'boom'))],
    });
    expect(await screen.findByText(messages.pets.listFailed)).toBeInTheDocument();
  });

  it('reads search and category from the URL and sends them to the API', async () => {
    const r = renderRoute('/petlist?search=bel&category=cat', {
      handlers: [
        answer('GET /api/pets', () => page([makePet({ petName: 'Bella', petCategory: 'cat' })])),
      ],
    });
    expect(await screen.findByRole('article', { name: 'Bella' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('bel');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('cat');
    const q = r.requests.find((x) => x.key === 'GET /api/pets')!.query;
    expect(q.get('search')).toBe('bel');
    expect(q.get('category')).toBe('cat');
  });

  it('puts typed search (after a pause) and the chosen category in the URL', async () => {
    const r = renderRoute('/petlist', {
      handlers: [
        answer('GET /api/pets', ({ query }) =>
          query.get('search') === 'max'
            ? page([makePet({ petName: 'Max', petCategory: 'dog' })])
            : page([makePet({ petName: 'Bella' }), makePet({ petName: 'Max' })]),
        ),
      ],
    });
    await screen.findByRole('article', { name: 'Bella' });

    await r.user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'max');
    await waitFor(() => expect(r.location().search).toBe('?search=max'));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Bella' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('article', { name: 'Max' })).toBeInTheDocument();
    // typing did not fire a request per keystroke
    const searches = r.requests
      .filter((x) => x.key === 'GET /api/pets')
      .map((x) => x.query.get('search'));
    expect(searches).not.toContain('m');
    expect(searches).not.toContain('ma');

    await r.user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Dog');
    await waitFor(() =>
      expect(new URLSearchParams(r.location().search).get('category')).toBe('dog'),
    );
    expect(new URLSearchParams(r.location().search).get('search')).toBe('max');
    await waitFor(() =>
      expect(r.requests.some((x) => x.query.get('category') === 'dog')).toBe(true),
    );
  });

  it('offers every category plus All', async () => {
    renderRoute('/petlist', { handlers: [answer('GET /api/pets', () => page([]))] });
    const select = await screen.findByRole('combobox', { name: 'Category' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Dog', 'Cat', 'Bird', 'Reptile', 'Other']);
  });

  it('reads every filter and the sort from the URL, sends them, and shows distances', async () => {
    const r = renderRoute(
      '/petlist?ageGroup=young&size=small&sex=female&goodWithCats=true&near=2644688&place=Leeds%2C+United+Kingdom&within=50&sort=nearest&size2=x',
      {
        handlers: [
          answer('GET /api/pets', () =>
            page([makePet({ petName: 'Bella', petLocation: 'Leeds', distanceKm: 3.2 })]),
          ),
        ],
      },
    );
    const card = await screen.findByRole('article', { name: 'Bella' });
    expect(within(card).getByText('(3.2 km away)')).toBeInTheDocument();
    const q = r.requests.find((x) => x.key === 'GET /api/pets')!.query;
    expect(Object.fromEntries(q)).toMatchObject({
      ageGroup: 'young',
      size: 'small',
      sex: 'female',
      goodWithCats: 'true',
      near: '2644688',
      within: '50',
      sort: 'nearest',
    });
    expect(q.has('size2')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('nearest');
    expect(screen.getByRole('button', { name: 'More filters (5)' })).toBeInTheDocument();
  });

  it('applies more filters from the sheet in one step, and Back returns to the list before', async () => {
    const r = renderRoute('/petlist?category=dog', {
      handlers: [
        answer('GET /api/pets', ({ query }) =>
          page(
            query.get('size') ? [makePet({ petName: 'Tiny' })] : [makePet({ petName: 'Bella' })],
          ),
        ),
        answer('GET /api/places', () => [{ id: 2644688, label: 'Leeds, United Kingdom' }]),
      ],
    });
    expect(await screen.findByRole('article', { name: 'Bella' })).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'More filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'More filters' });
    await r.user.selectOptions(within(sheet).getByLabelText('Size'), 'Small');
    await r.user.click(within(sheet).getByRole('checkbox', { name: 'Children' }));
    const near = within(sheet).getByLabelText(/Near/);
    await r.user.type(near, 'Le');
    await waitFor(() =>
      expect(
        document.querySelectorAll(`#${CSS.escape(near.getAttribute('list')!)} option`),
      ).toHaveLength(1),
    );
    await r.user.clear(near);
    await r.user.type(near, 'Leeds, United Kingdom');
    await r.user.selectOptions(within(sheet).getByLabelText('Within'), '10 km');
    await r.user.click(within(sheet).getByRole('button', { name: 'Show pets' }));

    expect(await screen.findByRole('article', { name: 'Tiny' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(r.location().search))).toEqual({
      category: 'dog',
      size: 'small',
      goodWithChildren: 'true',
      near: '2644688',
      place: 'Leeds, United Kingdom',
      within: '10',
    });
    expect(screen.getByRole('button', { name: 'More filters (3)' })).toBeInTheDocument();
    // nearest is offered once there is a place
    expect(
      within(screen.getByRole('combobox', { name: 'Sort by' })).getByRole('option', {
        name: 'Nearest',
      }),
    ).toBeInTheDocument();

    // choices closed without Show pets are dropped
    await r.user.click(screen.getByRole('button', { name: 'More filters (3)' }));
    const again = await screen.findByRole('dialog', { name: 'More filters' });
    await r.user.selectOptions(within(again).getByLabelText('Sex'), 'Male');
    await r.user.keyboard('{Escape}');
    await r.user.click(screen.getByRole('button', { name: 'More filters (3)' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'More filters' })).getByLabelText('Sex'),
    ).toHaveValue('');
    await r.user.keyboard('{Escape}');

    await act(() => r.navigate(-1));
    expect(await screen.findByRole('article', { name: 'Bella' })).toBeInTheDocument();
    expect(r.location().search).toBe('?category=dog');
  });

  it('saves the filters as a search, named by them; a visitor is asked to sign in', async () => {
    const query =
      'category=cat&size=small&goodWithChildren=true&near=2644688&within=50&place=Leeds%2C+United+Kingdom';
    // a value the list ignores (a made-up age group) is not saved either
    const r = renderRoute(`/petlist?${query}&sort=nearest&ageGroup=ancient`, {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets', () => page([makePet({ petName: 'Tabby' })])),
        answer('POST /api/user/saved-searches', ({ body }) => ({
          id: '00000000-0000-4000-8000-0000000000c1',
          name: body.name,
          query: body.query,
          alerts: body.alerts ?? true,
          createdAt: '2026-11-25T10:00:00.000Z',
          lastAlertedAt: null,
        })),
      ],
    });
    await screen.findByRole('article', { name: 'Tabby' });
    await r.user.click(await findEnabledButton('Save this search'));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText(/Name/);
    expect(name).toHaveValue(
      'Cat, Small, good with children, within 50 km of Leeds, United Kingdom',
    );
    await r.user.clear(name);
    await r.user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Give the search a name')).toBeInTheDocument();
    await r.user.type(name, 'Small cats near Leeds');
    await r.user.click(within(dialog).getByRole('checkbox', { name: /E-mail me/ }));
    await r.user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText(SEARCH_SAVED_TEXT)).toBeInTheDocument();
    // the filters, not the sort
    expect(lastBodySent(r.requests, 'POST')).toEqual({
      name: 'Small cats near Leeds',
      query:
        'category=cat&size=small&goodWithChildren=true&near=2644688&place=Leeds%2C+United+Kingdom&within=50',
      alerts: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a visitor who wants to save a search to sign in', async () => {
    renderRoute('/petlist?category=dog', {
      handlers: [answer('GET /api/pets', () => page([makePet({ petName: 'Rex' })]))],
    });
    await screen.findByRole('article', { name: 'Rex' });
    await userEvent.click(await findEnabledButton('Save this search'));
    expect(
      await screen.findByRole('heading', { name: /sign in|log in|login/i }),
    ).toBeInTheDocument();
  });

  it('shows an empty state when nothing matches, and clears the filters', async () => {
    const r = renderRoute('/petlist?search=zzz&size=large&goodWithDogs=true', {
      handlers: [
        answer('GET /api/pets', ({ query }) =>
          query.get('search') ? page([]) : page([makePet({ petName: 'Bella' })]),
        ),
      ],
    });
    expect(await screen.findByText('No pets match your search.')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Bella' })).toBeInTheDocument();
    expect(r.location().search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
  });

  it('loads the next page with Load more pets and appends it', async () => {
    // a tall page, scrolled to the top: far from the bottom, so only the button loads more
    const layout = layOutPage({ height: 6000, windowHeight: 800 });
    // the list checks how near the bottom it is on the next animation frame: the test runs it
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const first = Array.from({ length: 24 }, (_, i) => makePet({ petName: `First ${i + 1}` }));
      const second = [makePet({ petName: 'Last one' })];
      const r = renderRoute('/petlist', {
        handlers: [
          answer('GET /api/pets', ({ query }) =>
            query.get('page') === '2' ? page(second, 25) : page(first, 25),
          ),
        ],
      });
      await screen.findByRole('article', { name: 'First 1' });
      act(() => vi.advanceTimersToNextFrame());
      // the frame's check asked for nothing more (a page asked for would be in flight now)
      expect(r.queryClient.isFetching()).toBe(0);
      expect(r.requests.filter((q) => q.key === 'GET /api/pets')).toHaveLength(1);
      expect(screen.queryByRole('article', { name: 'Last one' })).not.toBeInTheDocument();
      await r.user.click(screen.getByRole('button', { name: 'Load more pets' }));
      expect(await screen.findByRole('article', { name: 'Last one' })).toBeInTheDocument();
      expect(screen.getAllByRole('article')).toHaveLength(25);
      expect(screen.queryByRole('button', { name: 'Load more pets' })).not.toBeInTheDocument();
      expect(screen.getByText('You have seen all 25 pets.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      layout.restore();
    }
  });

  it("asks for the next page by the server's Link, as it is (the web works out no page number)", async () => {
    const first = Array.from({ length: 24 }, (_, i) => makePet({ petName: `First ${i + 1}` }));
    const r = renderRoute('/petlist?category=dog', {
      handlers: [
        answer('GET /api/pets', ({ query }) =>
          query.get('cursor') === 'after-first-24'
            ? HttpResponse.json([makePet({ petName: 'Last one' })], {
                headers: { 'X-Total-Count': '25' },
              })
            : HttpResponse.json(first, {
                headers: {
                  'X-Total-Count': '25',
                  Link: '</api/pets?category=dog&adopted=false&cursor=after-first-24&limit=24>; rel="next"',
                },
              }),
        ),
      ],
    });
    // jsdom lays nothing out, so the page is always near the bottom: the next page loads
    expect(await screen.findByRole('article', { name: 'Last one' })).toBeInTheDocument();
    const second = r.requests.filter((q) => q.key === 'GET /api/pets')[1]!;
    expect(second.url.search).toBe('?category=dog&adopted=false&cursor=after-first-24&limit=24');
    expect(screen.getByText('You have seen all 25 pets.')).toBeInTheDocument();
  });

  it('says "more than" for a search that counted only so far, and how many it showed at the end', async () => {
    const first = Array.from({ length: 24 }, (_, i) => makePet({ petName: `Senior ${i + 1}` }));
    renderRoute('/petlist?ageGroup=senior&sex=female&sort=name', {
      handlers: [
        answer('GET /api/pets', ({ query }) =>
          query.get('page') === '2'
            ? HttpResponse.json([makePet({ petName: 'Last senior' })], {
                headers: { 'X-Total-Count-Exceeds': '1000' },
              })
            : HttpResponse.json(first, {
                headers: {
                  'X-Total-Count-Exceeds': '1000',
                  Link: '</api/pets?ageGroup=senior&sex=female&sort=name&adopted=false&page=2&limit=24>; rel="next"',
                },
              }),
        ),
      ],
    });
    expect(await screen.findByText('More than 1,000 pets found')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Last senior' })).toBeInTheDocument();
    expect(screen.getByText('You have seen all 25 pets.')).toBeInTheDocument();
  });

  it('loads the next page when scrolled within 400 px of the bottom', async () => {
    const layout = layOutPage({ height: 6000, windowHeight: 800 });
    // the list checks how near the bottom it is on the next animation frame: the test runs it
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const first = Array.from({ length: 24 }, (_, i) => makePet({ petName: `First ${i + 1}` }));
      const r = renderRoute('/petlist', {
        handlers: [
          answer('GET /api/pets', ({ query }) =>
            query.get('page') === '2'
              ? page([makePet({ petName: 'Last one' })], 25)
              : page(first, 25),
          ),
        ],
      });
      await screen.findByRole('article', { name: 'First 1' });
      act(() => vi.advanceTimersToNextFrame());
      const pagesAsked = () => r.requests.filter((q) => q.key === 'GET /api/pets').length;
      // 500 px from the bottom: not yet (the scroll handler runs as the event is dispatched, so a
      // page it asked for would be in flight now)
      act(() => layout.scrollTo(4700));
      expect(r.queryClient.isFetching()).toBe(0);
      expect(pagesAsked()).toBe(1);
      // 350 px from the bottom: the next page loads
      layout.scrollTo(4850);
      expect(await screen.findByRole('article', { name: 'Last one' })).toBeInTheDocument();
      expect(pagesAsked()).toBe(2);
    } finally {
      vi.useRealTimers();
      layout.restore();
    }
  });

  it('a scroll to the bottom while the list is fetched again in the background loads the next page when that ends', async () => {
    const layout = layOutPage({ height: 6000, windowHeight: 800 });
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const first = Array.from({ length: 24 }, (_, i) => makePet({ petName: `First ${i + 1}` }));
      const refetch = backgroundRefetch();
      const r = renderRoute('/petlist', {
        handlers: [
          answer('GET /api/pets', async ({ query }) => {
            if (query.get('page') === '2') return page([makePet({ petName: 'Last one' })], 25);
            await refetch.wait();
            return page(first, 25);
          }),
        ],
      });
      await screen.findByRole('article', { name: 'First 1' });
      act(() => vi.advanceTimersToNextFrame());
      const asked = (n: string) =>
        r.requests.filter((q) => q.key === 'GET /api/pets' && (q.query.get('page') ?? '1') === n)
          .length;

      // the list is fetched again (as after signing in), and its answer is slow
      await refetch.start(r.queryClient, petListKey, () => asked('1'));
      // the user scrolls to the bottom meanwhile: nothing more is asked yet...
      act(() => layout.scrollTo(5200));
      expect(asked('2')).toBe(0);
      // ...and once the list is back, the next page loads without another scroll
      await refetch.release(r.queryClient);
      expect(await screen.findByRole('article', { name: 'Last one' })).toBeInTheDocument();
      expect(asked('2')).toBe(1);
    } finally {
      vi.useRealTimers();
      layout.restore();
    }
  });
});
