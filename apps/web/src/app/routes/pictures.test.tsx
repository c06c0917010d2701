import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCampaign } from '@/features/campaigns/test-data';
import { makePet } from '@/features/pets/test-data';
import { answer, page } from '@/testing/api-handlers';
import { renderRoute } from '@/testing/render-route';

/**
 * Pictures that fit the screen (issue 11 item 4): every picture comes in the stored widths
 * (srcset, sizes) with its width and height (nothing moves as it loads); the page's main picture
 * is fetched first (fetchpriority high) and only pictures below the fold wait (loading lazy).
 */

function expectSized(img: HTMLElement) {
  expect(img).toHaveAttribute('width');
  expect(img).toHaveAttribute('height');
  const srcset = img.getAttribute('srcset') ?? '';
  for (const w of [400, 800, 1600]) expect(srcset).toContain(`-${w}w.webp ${w}w`);
  expect(img.getAttribute('sizes')).toBeTruthy();
}

/** The cards' pictures, in the order of `names`: each sized, with these fetchpriority and loading. */
async function expectCardPictures(
  names: string[],
  expected: { fetchpriority: (string | null)[]; loading: string[] },
) {
  await screen.findByRole('article', { name: names[0] });
  const pictures = names.map((name) =>
    within(screen.getByRole('article', { name })).getByRole('img'),
  );
  for (const img of pictures) expectSized(img);
  expect(pictures.map((img) => img.getAttribute('fetchpriority'))).toEqual(expected.fetchpriority);
  expect(pictures.map((img) => img.getAttribute('loading'))).toEqual(expected.loading);
}

describe('pictures', () => {
  it('the pet list: the first card is the main picture, the first row eager, the rest lazy', async () => {
    const pets = Array.from({ length: 5 }, (_, i) => makePet({ petName: `Pet ${i + 1}` }));
    renderRoute('/petlist', { handlers: [answer('GET /api/pets', () => page(pets))] });
    await expectCardPictures(
      pets.map((p) => p.petName),
      {
        fetchpriority: ['high', null, null, null, null],
        loading: ['eager', 'eager', 'eager', 'lazy', 'lazy'],
      },
    );
  });

  it('the campaign list: the same for its cards', async () => {
    const campaigns = Array.from({ length: 4 }, (_, i) =>
      makeCampaign({ petName: `Campaign ${i + 1}` }),
    );
    renderRoute('/donation', {
      handlers: [answer('GET /api/donation-campaigns', () => page(campaigns))],
    });
    await expectCardPictures(
      campaigns.map((c) => c.petName),
      { fetchpriority: ['high', null, null, null], loading: ['eager', 'eager', 'eager', 'lazy'] },
    );
  });

  it.each([
    ['pet', () => makePet({ petName: 'Bella' }), 'GET /api/pets/:id', '/pets/'],
    [
      'campaign',
      () => makeCampaign({ petName: 'Bella' }),
      'GET /api/donations/:id',
      '/donation-details/',
    ],
  ] as const)('the %s details picture is the main picture', async (_kind, make, route, path) => {
    const item = make();
    renderRoute(`${path}${item._id}`, { handlers: [answer(route, () => item)] });
    const img = await screen.findByRole('img', { name: 'Bella' });
    expectSized(img);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading', 'lazy');
  });
});
