import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiCall, newUser, registerViaApi } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import {
  createCampaign,
  createPet,
  donateViaApi,
  signInAdmin,
  uploadPicture,
} from './support/data';
import { expect, PHONE, test } from './support/fixtures';
import { inBothThemes, presetTheme } from './support/theme';
import { expectVisible } from './support/ui';

/**
 * Phone layouts (issue 11 item 5): at 390 px no page of the app is wider than the screen, for a
 * visitor, a signed-in user and an admin. A table may scroll inside its own box: that box is
 * named, reachable with the keyboard and says that it scrolls.
 */

const unique = () => randomBytes(3).toString('hex');

/** The page is drawn: its main landmark is there and nothing in it is still loading. */
async function settled(page: Page, ready?: Locator) {
  await expectVisible(page.locator('main'));
  if (ready) await expectVisible(ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens `path` and measures it in light and in dark mode. */
async function expectFitsThePhone(page: Page, path: string, ready?: (page: Page) => Locator) {
  await page.goto(path);
  await settled(page, ready?.(page));
  await inBothThemes(page, async (theme) => {
    const { html, body } = await page.evaluate(() => ({
      html: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    // soft: one run names every page that is too wide
    const where = `${path} (${theme})`;
    expect.soft(html, `${where} is ${html} px wide`).toBeLessThanOrEqual(PHONE.width);
    expect.soft(body, `the body of ${where} is ${body} px wide`).toBeLessThanOrEqual(PHONE.width);
  });
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first();
const table = (page: Page) => page.getByRole('table').first();

test.describe('a 390 px phone', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ viewport: PHONE });

  test('no page is wider than the screen, for a visitor, a user and an admin, light and dark', async ({
    page,
    context,
    newSession,
    consoleErrors,
  }) => {
    // the 404 page is answered with HTTP 404 on purpose, which Chromium logs as an error
    consoleErrors.allowNotFoundPage('/no-such-page');
    // an owner with a pet, a campaign, a request for their pet and a donation to their campaign,
    // all with long names: the widest rows the tables can get
    const owner = await newSession({ viewport: PHONE });
    const { token } = await registerViaApi(
      owner.context,
      newUser({ name: `Maximiliana Bartholomew-Featherstonehaugh ${unique()}` }),
    );
    // with several photos: the details page shows its gallery and thumbnails
    const pet = await createPet(token, `Sir Reginald Fluffington the Third ${unique()}`, {
      morePhotos: [await uploadPicture(token, [1, 2, 3]), await uploadPicture(token, [4, 5, 6])],
    });
    const campaign = await createCampaign(token, `Princess Marshmallow Whiskerbottom ${unique()}`);
    const adopter = await newSession({ viewport: PHONE });
    const { token: adopterToken } = await registerViaApi(adopter.context, newUser());
    const request = await apiCall<{ _id: string }>('/api/adoption-requests', {
      token: adopterToken,
      json: {
        petId: pet._id,
        phone: '+880 1711 000000',
        address: '12 Long Road, Dhaka',
        answers: { homeType: 'flat', message: `A long message ${'with many words '.repeat(20)}` },
      },
    });
    await apiCall(`/api/adoption-requests/${request._id}/messages`, {
      token: adopterToken,
      json: { body: `Supercalifragilisticexpialidocious-${'x'.repeat(80)} hello` },
    });
    await donateViaApi(adopterToken, campaign._id, 25);

    const publicPages: Array<[string, ((page: Page) => Locator)?]> = [
      ['/', heading(/Welcome to Pet Haven/i)],
      ['/petlist', (p) => p.getByRole('article').first()],
      [`/pets/${pet._id}`, heading(pet.petName)],
      ['/donation', (p) => p.getByRole('article').first()],
      [`/donation-details/${campaign._id}`, heading(campaign.petName)],
      ['/login', (p) => p.getByRole('button', { name: 'Log In' })],
      ['/register', (p) => p.getByRole('button', { name: 'Sign Up' })],
      ['/no-such-page', heading(/404/)],
    ];
    for (const [path, ready] of publicPages) await expectFitsThePhone(page, path, ready);

    // the owner's screens
    const userPages: Array<[string, ((page: Page) => Locator)?]> = [
      ['/dashboard', (p) => p.getByLabel('Pet Image')],
      ['/add-pet', (p) => p.getByLabel('Pet Image')],
      [`/update-pet/${pet._id}`, (p) => p.getByLabel('Pet Image')],
      [`/donation/${campaign._id}`, (p) => p.getByLabel('Pet Picture')],
      ['/dashboard/my-added-pets', table],
      ['/dashboard/adoption-requests', table],
      [`/dashboard/adoption/${request._id}`, (p) => p.getByRole('list', { name: 'Messages' })],
      ['/petlist?sort=name&size=small', (p) => p.getByRole('button', { name: /More filters/ })],
      ['/dashboard/create-donation-campaigns', (p) => p.getByLabel('Pet Picture')],
      ['/dashboard/my-donation-campaigns', table],
      ...publicPages,
    ];
    for (const [path, ready] of userPages) await expectFitsThePhone(owner.page, path, ready);
    // the adopter's
    for (const [path, ready] of [
      ['/dashboard/my-adoption-requests', table],
      ['/dashboard/payment', table],
    ] as const) {
      await expectFitsThePhone(adopter.page, path, ready);
    }

    // the admin's
    await signInAdmin(context);
    for (const [path, ready] of [
      ['/dashboard/all-users', table],
      ['/dashboard/all-pets', table],
      ['/dashboard/all-donations', table],
      ['/', heading(/Welcome to Pet Haven/i)],
    ] as const) {
      await expectFitsThePhone(page, path, ready);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`a table too wide for the phone scrolls in its own named, focusable box (${theme})`, async ({
      page,
      context,
    }) => {
      await presetTheme(context, theme);
      const { token } = await signInAdmin(context);
      await createPet(token, `Phone ${unique()}`);
      await createCampaign(token, `Phone ${unique()}`);
      for (const [path, name] of [
        ['/dashboard/all-pets', /pets/i],
        ['/dashboard/all-donations', /campaigns|donations/i],
      ] as const) {
        await page.goto(path);
        await settled(page, table(page));
        const box = page.getByRole('region', { name });
        await expectVisible(box);
        // wider inside than its box: it scrolls, and says so
        expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await expect(box).toHaveAccessibleDescription('Scroll sideways to see every column.');
        await expect(box).toHaveAttribute('tabindex', '0');
        // the keyboard reaches it and moves it sideways
        await box.focus();
        await expect(box).toBeFocused();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        await expectNoAxeViolations(page);
      }
    });
  }
});
