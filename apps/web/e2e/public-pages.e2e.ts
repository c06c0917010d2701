import type { Page } from '@playwright/test';
import { messages } from '@pet-haven/shared/messages';
import { fillLoginForm, newUser, registerViaApi } from './support/auth';
import { createCampaign, createPet } from './support/data';
import { expect, test } from './support/fixtures';
import { expectVisible, gotoHydrated, waitForPath } from './support/ui';

/**
 * Public pages rendered on the server (decision 021): the HTML a link preview or a search engine
 * reads already has the page, and the browser takes it over (hydration) without asking again.
 */

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

test.describe('public pages rendered on the server', () => {
  test('a shared pet link: complete without JavaScript, then a working page', async ({
    browser,
    baseURL,
    page,
    context,
  }) => {
    const { token } = await registerViaApi(context, newUser());
    const pet = await createPet(token, `Biscuit ${Date.now()}`);
    const adopter = newUser();
    await registerViaApi(context, adopter);
    await context.clearCookies();

    // what a link preview or a crawler gets: no JavaScript at all
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      // the types of the pictures the browser got: AVIF, as Chromium accepts it (decision 024)
      const pictureTypes: string[] = [];
      bare.on('response', (r) => {
        if (/\/api\/images\/[0-9a-f]{64}-\d+w\.webp$/.test(new URL(r.url()).pathname)) {
          pictureTypes.push(r.headers()['content-type'] ?? '');
        }
      });
      const res = await bare.goto(`/pets/${pet._id}`);
      expect(res?.status()).toBe(200);
      await expectVisible(bare.getByRole('heading', { name: pet.petName, level: 1 }));
      await expectVisible(bare.getByText(`${pet.petName} loves walks and naps in the sun.`));
      const picture = bare.getByRole('img', { name: pet.petName });
      await expect(picture).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{64}-\d+w\.webp$/);
      // the picture itself loads (no script needed)
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      expect(pictureTypes).toContain('image/avif');
      await expect(bare).toHaveTitle(`${pet.petName} | Pet Haven`);
      expect(await meta(bare, 'og:title')).toBe(`${pet.petName} | Pet Haven`);
      expect(await meta(bare, 'og:image')).toMatch(/\/api\/images\/[0-9a-f]{64}-1200x630\.jpg$/);
    } finally {
      await noScript.close();
    }

    // a visitor's browser: the same page, taken over without fetching the pet again
    const petRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === `/api/pets/${pet._id}`) petRequests.push(req.url());
    });
    await gotoHydrated(page, `/pets/${pet._id}`);
    await expectVisible(page.getByRole('heading', { name: pet.petName, level: 1 }));
    expect(petRequests).toEqual([]);

    // it works: Adopt leads a visitor to /login and back to the pet, now with the dialog
    await page.getByRole('button', { name: 'Adopt' }).click();
    await waitForPath(page, '/login');
    await fillLoginForm(page, adopter);
    await waitForPath(page, `/pets/${pet._id}`);
    await page.getByRole('button', { name: 'Adopt' }).click();
    await expectVisible(page.getByRole('dialog'));
  });

  test('a visitor signs in from a campaign and comes back to it', async ({ page, context }) => {
    const { token } = await registerViaApi(context, newUser());
    const campaign = await createCampaign(token, `Luna ${Date.now()}`);
    const donor = newUser();
    await registerViaApi(context, donor);
    await context.clearCookies();

    const res = await gotoHydrated(page, `/donation-details/${campaign._id}`);
    expect(res?.status()).toBe(200);
    await expectVisible(page.getByRole('heading', { name: campaign.petName, level: 1 }));
    await page.getByRole('button', { name: 'Donate Now' }).click();
    await waitForPath(page, '/login');
    await fillLoginForm(page, donor);
    await waitForPath(page, `/donation-details/${campaign._id}`);
    await page.getByRole('button', { name: 'Donate Now' }).click();
    await expectVisible(page.getByRole('dialog', { name: `Donate to ${campaign.petName}` }));
  });

  test('a missing pet answers 404 with the 404 page, hydrated as it is', async ({
    page,
    consoleErrors,
  }) => {
    const missing = '/pets/00000000-0000-4000-8000-000000000000';
    consoleErrors.allowNotFoundPage(missing);
    const res = await gotoHydrated(page, missing);
    expect(res?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { name: messages.notFound.title }));
    await expectVisible(page.getByText(messages.notFound.text));
    await page.getByRole('link', { name: 'Go back home' }).click();
    await waitForPath(page, '/');
  });
});
