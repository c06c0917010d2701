import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Favourite } from '@pet-haven/shared/favourites';
import { makePet } from '@/features/pets/test-data';
import { answer, page } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';
import { signedIn } from '@/testing/session';

const bella = makePet({ petName: 'Bella' });
const milo = makePet({ petName: 'Milo' });

describe('the favourites heart', () => {
  it('saves a pet from the list and takes it back, for a signed-in user', async () => {
    let saved: string[] = [milo._id];
    const r = renderRoute('/petlist', {
      handlers: [
        ...signedIn(),
        answer('GET /api/pets', () => page([bella, milo])),
        answer('GET /api/user/favourite-pet-ids', () => saved),
        answer('PUT /api/user/favourites/:id', ({ params }) => {
          saved = [params.id, ...saved];
          return { saved: true };
        }),
        answer('DELETE /api/user/favourites/:id', ({ params }) => {
          saved = saved.filter((id) => id !== params.id);
          return { saved: false };
        }),
      ],
    });
    const save = await screen.findByRole('button', { name: 'Save Bella to favourites' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    expect(
      await screen.findByRole('button', { name: 'Remove Milo from favourites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await r.user.click(save);
    expect(
      await screen.findByRole('button', { name: 'Remove Bella from favourites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(saved).toContain(bella._id);
    await r.user.click(screen.getByRole('button', { name: 'Remove Bella from favourites' }));
    await vi.waitFor(() => expect(saved).not.toContain(bella._id));
  });

  it('asks a visitor to sign in, and brings them back to the pet', async () => {
    const r = renderRoute(`/pets/${bella._id}`, {
      handlers: [answer('GET /api/pets/:id', () => bella)],
    });
    await r.user.click(await screen.findByRole('button', { name: 'Save Bella to favourites' }));
    await vi.waitFor(() => expect(r.path()).toBe('/login'));
    expect(r.requests.some((q) => q.key.includes('favourite'))).toBe(false);
  });
});

describe('/dashboard/favourites', () => {
  const favourite = (overrides: Partial<Favourite>): Favourite => ({
    _id: crypto.randomUUID(),
    petId: crypto.randomUUID(),
    petName: 'Pet',
    petImage: bella.petImage,
    status: 'available',
    savedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });

  it('lists the saved pets with where each stands now', async () => {
    renderRoute('/dashboard/favourites', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/favourites', () =>
          page([
            favourite({ petName: 'Bella', petId: bella._id }),
            favourite({ petName: 'Rex', status: 'adopted' }),
            favourite({ petName: 'Gone', petId: null, petImage: null, status: 'deleted' }),
          ]),
        ),
      ],
    });
    const bellaCard = (await screen.findByRole('heading', { name: 'Bella' })).closest('li')!;
    expect(within(bellaCard).getByText('Looking for a home')).toBeInTheDocument();
    expect(within(bellaCard).getByRole('link', { name: 'View Bella' })).toHaveAttribute(
      'href',
      `/pets/${bella._id}`,
    );
    const gone = screen.getByRole('heading', { name: 'Gone' }).closest('li')!;
    expect(within(gone).getByText('No longer listed')).toBeInTheDocument();
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('heading', { name: 'Rex' }).closest('li')!).getByText('Adopted'),
    ).toBeInTheDocument();
  });

  it('removes a saved pet that is no longer listed, by its favourite', async () => {
    const gone = favourite({ petName: 'Gone', petId: null, petImage: null, status: 'deleted' });
    let saved = [gone];
    const removed: string[] = [];
    const r = renderRoute('/dashboard/favourites', {
      handlers: [
        ...signedIn(),
        answer('GET /api/user/favourites', () => page(saved)),
        answer('DELETE /api/user/favourites/:id', ({ params }) => {
          removed.push(String(params.id));
          saved = [];
          return { saved: false as const };
        }),
      ],
    });
    // (jsdom's accessible names drop the space before the visually hidden words)
    await r.user.click(
      await screen.findByRole('button', { name: /^Remove ?Gone from favourites$/ }),
    );
    expect(await screen.findByText('No favourites yet.')).toBeInTheDocument();
    expect(removed).toEqual([gone._id]);
  });

  it('says when there are none yet', async () => {
    renderRoute('/dashboard/favourites', {
      handlers: [...signedIn(), answer('GET /api/user/favourites', () => page([]))],
    });
    expect(await screen.findByText('No favourites yet.')).toBeInTheDocument();
  });
});
