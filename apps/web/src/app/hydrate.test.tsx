import { act, screen, waitFor } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@pet-haven/shared/messages';
import { SERVER_PAGE_DATA_ID } from '@pet-haven/shared/ssr';
import { createPageRenderer } from '@/entry-server';
import { makeCampaign } from '@/features/campaigns/test-data';
import { makePet } from '@/features/pets/test-data';
import { answer, apiError, page, requests } from '@/testing/api-handlers';
import { server } from '@/testing/server';
import { heldAnswer } from '@/testing/held-answer';
import { defaultFakeUser, sessionAnswer, signedIn } from '@/testing/session';
import { hydrateServerPage, readServerPageData } from './hydrate';

/**
 * A page rendered by the server entry (entry-server.tsx, here with the fake API) taken over by
 * the client (hydrate.tsx): the same markup, no hydration warning, no request asked again.
 */

const pet = makePet({ petName: 'Bella', longDescription: 'Bella purrs a lot.' });
const campaign = makeCampaign({ petName: 'Luna', lastDate: '2999-12-31' });
const petKey = `GET /api/pets/${pet._id}`;

/** Renders `url` as the server does and puts it in the document, as the browser would get it. */
async function loadServerPage(url: string) {
  const renderer = createPageRenderer({ fetchApi: (p, init) => fetch(p, init) });
  const result = await renderer.render(url);
  if (result.kind !== 'page') throw new Error(`${url} is not rendered on the server`);
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${await result.renderHtml()}</div><script type="application/json" id="${SERVER_PAGE_DATA_ID}">${JSON.stringify(result.data)}</script>`;
  return result;
}

/**
 * React's dev warning that the server renderer and the client's rendered the same contexts: true
 * only here, where both run in one process (the server renders in another).
 */
const TWO_RENDERERS = /multiple renderers concurrently rendering the same context/;

/** What React reported while rendering and hydrating (a hydration mismatch is a console error). */
let reported: unknown[][] = [];
/** The apps this test hydrated, unmounted after it. */
const roots: Root[] = [];

beforeEach(() => {
  reported = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!TWO_RENDERERS.test(String(args[0]))) reported.push(args);
  });
});

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/**
 * Hydrates the page in the document and waits until the app has taken it over (its effects ask
 * for the session; unmounting before that would switch the root to client rendering); answers
 * what React reported on the way.
 */
async function hydratePage() {
  const data = readServerPageData();
  expect(data).not.toBeNull();
  const asked = requests.length;
  roots.push(await hydrateServerPage(document.getElementById('root')!, data!));
  await waitFor(() =>
    expect(requests.slice(asked).some((r) => r.key === 'GET /api/auth/get-session')).toBe(true),
  );
  return reported;
}

/**
 * Hydrates the server's page at `url` with the session's answer held back: the button `name` is
 * there but disabled, and pressing it does nothing; once the session (`session()`) is read it is
 * enabled and pressed. Answers what React reported.
 */
async function pressOnceTheSessionIsRead(
  url: string,
  name: string,
  session: () => ReturnType<typeof sessionAnswer> | null,
  handlers: HttpHandler[],
) {
  const held = heldAnswer();
  server.use(answer('GET /api/auth/get-session', held.answer(session)), ...handlers);
  await loadServerPage(url);
  const errors = await hydratePage();
  const button = () => screen.getByRole('button', { name });
  expect(button()).toBeDisabled();
  await userEvent.click(button());
  expect(window.location.pathname).toBe(url);
  held.release();
  await waitFor(() => expect(button()).toBeEnabled());
  await userEvent.click(button());
  return errors;
}

describe('a page rendered on the server, taken over by the client', { timeout: 30_000 }, () => {
  it('a pet: hydrates without a mismatch and without fetching the pet again', async () => {
    server.use(answer('GET /api/pets/:id', () => pet));
    const result = await loadServerPage(`/pets/${pet._id}`);
    expect(result.status).toBe(200);
    expect(result.head.title).toBe('Bella | Pet Haven');
    const before = requests.filter((r) => r.key === petKey).length;
    expect(before).toBe(1);

    // the server cannot know who is signed in: its Adopt waits, disabled
    expect(screen.getByRole('button', { name: 'Adopt' })).toBeDisabled();

    // signed out, the visitor's page stays as the server sent it, and Adopt is ready once the
    // session is read
    const errors = await hydratePage();
    expect(screen.getByRole('heading', { name: 'Bella', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Adopt' })).toBeEnabled());
    expect(requests.filter((r) => r.key === petKey)).toHaveLength(before);
    expect(errors).toEqual([]);
  });

  it('a missing pet: the 404 page, hydrated as the 404 page', async () => {
    server.use(answer('GET /api/pets/:id', () => apiError(404, 'NOT_FOUND', 'Pet not found')));
    const result = await loadServerPage(`/pets/${pet._id}`);
    expect(result.status).toBe(404);
    const errors = await hydratePage();
    expect(screen.getByRole('heading', { name: messages.notFound.title })).toBeInTheDocument();
    expect(errors).toEqual([]);
  });

  it('the pet list and the campaigns: no mismatch, no page fetched again', async () => {
    server.use(
      answer('GET /api/pets', () => page([pet])),
      answer('GET /api/donation-campaigns', () => page([campaign])),
    );
    for (const url of ['/petlist?category=cat', '/donation']) {
      await loadServerPage(url);
      const asked = requests.length;
      const errors = await hydratePage();
      expect(
        screen.getByRole('heading', { name: url === '/donation' ? 'Luna' : 'Bella' }),
      ).toBeInTheDocument();
      expect(requests.slice(asked).map((r) => r.key)).not.toContain('GET /api/pets');
      expect(requests.slice(asked).map((r) => r.key)).not.toContain('GET /api/donation-campaigns');
      expect(errors).toEqual([]);
      for (const root of roots.splice(0)) act(() => root.unmount());
      document.body.innerHTML = '';
    }
  });

  it('asks the page again with the token once the session says someone is signed in', async () => {
    server.use(
      ...signedIn(),
      answer('GET /api/pets/:id', () => pet),
    );
    await loadServerPage(`/pets/${pet._id}`);
    const errors = await hydratePage();
    await waitFor(() => expect(requests.filter((r) => r.key === petKey)).toHaveLength(2));
    expect(errors).toEqual([]);
  });

  it("a signed-in user's Adopt waits, disabled, for the session, then opens the form (never /login)", async () => {
    const url = `/pets/${pet._id}`;
    const errors = await pressOnceTheSessionIsRead(
      url,
      'Adopt',
      () => sessionAnswer(defaultFakeUser),
      [...signedIn(), answer('GET /api/pets/:id', () => pet)],
    );
    expect(await screen.findByRole('dialog', { name: 'Adopt Bella' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(url);
    expect(errors).toEqual([]);
  });

  it("a visitor's Donate Now waits, disabled, for the session, then leads to /login", async () => {
    const url = `/donation-details/${campaign._id}`;
    const errors = await pressOnceTheSessionIsRead(url, 'Donate Now', () => null, [
      answer('GET /api/donations/:id', () => campaign),
    ]);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(errors).toEqual([]);
  });
});
