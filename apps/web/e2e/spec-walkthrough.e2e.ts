import { messages } from '@pet-haven/shared/messages';
import type { Page } from '@playwright/test';
import { newUser, registerViaApi } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { createCampaign, createPet, signInAdmin } from './support/data';
import { expect, test } from './support/fixtures';
import { appOrigin } from './support/paths';
import { presetTheme, switchTheme } from './support/theme';
import { expectVisible, pathOf, untilAnimationsEnd, waitForPath } from './support/ui';

/**
 * A walk through the spec's route table (section 2) as anonymous, user and admin: for each route
 * what the role sees or where it is sent; every screen reached passes axe-core (no serious or
 * critical violations) in light and dark mode; the fixtures fail the test on any console error.
 */

type Role = 'anonymous' | 'user' | 'admin';

/** What a role must find on the screen. */
type Check = (page: Page) => Promise<void>;

interface Outcome {
  /** The path the role ends on (default: the route itself). */
  path?: string;
  check: Check;
  /** Skip the accessibility check (a screen already checked under another route). */
  skipAxe?: boolean;
}

interface Stop {
  route: string;
  anonymous: Outcome;
  user: Outcome;
  admin: Outcome;
}

const heading =
  (name: string | RegExp, level?: number): Check =>
  async (page) =>
    expectVisible(page.getByRole('heading', { name, level }));

const all =
  (...checks: Check[]): Check =>
  async (page) => {
    for (const check of checks) await check(page);
  };

const noLink =
  (name: string): Check =>
  async (page) => {
    // web-first: a server-rendered page shows the visitor's links until the session is known
    await expect(page.getByRole('link', { name, exact: true }), `no link ${name}`).toHaveCount(0);
  };

const tabsFor =
  (admin: boolean): Check =>
  async (page) => {
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const tab of ['My Added Pets', 'Adoption Requests', 'My Donation Campaigns']) {
      await expectVisible(nav.getByRole('link', { name: tab, exact: true }));
    }
    for (const tab of ['Users', 'All Pets', 'All Donations']) {
      const count = await nav.getByRole('link', { name: tab, exact: true }).count();
      expect(count > 0, `admin tab ${tab} shown: ${admin}`).toBe(admin);
    }
  };

const toLogin: Outcome = { path: '/login', check: heading('Login'), skipAxe: true };
const toHome: Outcome = { path: '/', check: heading('Welcome to Pet Haven'), skipAxe: true };
/** The same outcome for user and admin; `axe` says which of them runs the accessibility check. */
const same = (check: Check, axe: 'user' | 'none' = 'user') => ({
  user: { check, skipAxe: axe !== 'user' },
  admin: { check, skipAxe: true },
});

let petId = '';
let petName = '';
let campaignId = '';
let campaignName = '';

function stops(): Stop[] {
  const dashTab = (title: string, admin: boolean) => all(heading(title), tabsFor(admin));
  const userTab = (route: string, title: string): Stop => ({
    route,
    anonymous: toLogin,
    user: { check: dashTab(title, false) },
    admin: { check: dashTab(title, true), skipAxe: true },
  });
  const adminTab = (route: string, title: string): Stop => ({
    route,
    anonymous: toLogin,
    user: toHome,
    admin: { check: all(dashTab(title, true), async (p) => expectVisible(p.getByRole('table'))) },
  });
  return [
    {
      route: '/',
      anonymous: {
        check: all(heading('Welcome to Pet Haven'), async (p) =>
          expectVisible(p.getByRole('link', { name: 'Login', exact: true })),
        ),
      },
      ...same(all(heading('Welcome to Pet Haven'), noLink('Login')), 'none'),
    },
    { route: '/login', anonymous: { check: heading('Login') }, ...same(heading('Login'), 'none') },
    {
      route: '/register',
      anonymous: { check: heading('Register') },
      ...same(heading('Register'), 'none'),
    },
    {
      route: '/petlist',
      anonymous: { check: heading('Pets looking for a home') },
      ...same(heading('Pets looking for a home'), 'none'),
    },
    {
      route: '/donation',
      anonymous: { check: heading('Donation Campaigns') },
      ...same(heading('Donation Campaigns'), 'none'),
    },
    // Deliberate difference: the spec leaves /add-pet, the edit routes unguarded; we send
    // anonymous visitors to /login (the server refuses their writes anyway).
    { route: '/add-pet', anonymous: toLogin, ...same(heading('Add a Pet')) },
    {
      route: `/donation/${campaignId}`,
      anonymous: toLogin,
      user: {
        // not the owner: a clear refusal instead of the form
        check: all(heading('Edit Donation Campaign'), async (p) =>
          expectVisible(p.getByRole('alert')),
        ),
      },
      admin: {
        check: all(heading('Edit Donation Campaign'), async (p) =>
          expectVisible(p.getByRole('textbox').first()),
        ),
      },
    },
    {
      route: `/update-pet/${petId}`,
      anonymous: toLogin,
      user: {
        check: all(heading('Update Pet'), async (p) => expectVisible(p.getByRole('alert'))),
      },
      admin: {
        check: all(heading('Update Pet'), async (p) =>
          expectVisible(p.getByRole('button', { name: 'Update Pet' })),
        ),
      },
    },
    // Deliberate difference: the spec guards the details pages; they are public (link previews,
    // decision 021), and a visitor's Adopt or Donate Now leads to /login (pets.e2e.ts, public-pages.e2e.ts).
    {
      route: `/pets/${petId}`,
      anonymous: {
        check: all(heading(petName, 1), async (p) =>
          expectVisible(p.getByRole('button', { name: /^Adopt/ })),
        ),
      },
      ...same(
        all(heading(petName, 1), async (p) =>
          expectVisible(p.getByRole('button', { name: /^Adopt/ })),
        ),
      ),
    },
    {
      route: `/donation-details/${campaignId}`,
      anonymous: {
        check: all(heading(campaignName, 1), async (p) =>
          expectVisible(p.getByRole('button', { name: 'Donate Now' })),
        ),
      },
      ...same(
        all(heading(campaignName, 1), async (p) =>
          expectVisible(p.getByRole('button', { name: 'Donate Now' })),
        ),
      ),
    },
    {
      route: '/dashboard',
      anonymous: toLogin,
      user: {
        check: all(heading(messages.dashboard.userTitle), heading('Add a Pet'), tabsFor(false)),
      },
      admin: { check: all(heading(messages.dashboard.adminTitle), tabsFor(true)) },
    },
    userTab('/dashboard/my-added-pets', 'My Added Pets'),
    userTab('/dashboard/adoption-requests', 'Adoption Requests'),
    userTab('/dashboard/my-adoption-requests', 'My Adoption Requests'),
    userTab('/dashboard/create-donation-campaigns', 'Create Donation Campaign'),
    userTab('/dashboard/my-donation-campaigns', 'My Donation Campaigns'),
    userTab('/dashboard/payment', 'My Donations'),
    adminTab('/dashboard/all-users', 'Users'),
    adminTab('/dashboard/all-pets', 'All Pets'),
    adminTab('/dashboard/all-donations', 'All Donations'),
    {
      route: '/no-such-page',
      anonymous: {
        check: all(heading(messages.notFound.title), async (p) =>
          expectVisible(p.getByText(messages.notFound.text)),
        ),
      },
      ...same(heading(messages.notFound.title), 'none'),
    },
  ];
}

/** Waits for the screen to settle: no busy region left, no animation or transition running. */
async function settled(page: Page) {
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await untilAnimationsEnd(page);
}

/**
 * Visits every stop as `role`. Every problem is collected (wrong destination, missing content,
 * accessibility violations in either theme) so one run lists them all.
 */
async function walk(page: Page, role: Role) {
  const problems: string[] = [];
  for (const stop of stops()) {
    const outcome = stop[role];
    const expectedPath = outcome.path ?? stop.route;
    try {
      await page.goto(stop.route);
      await waitForPath(page, expectedPath).catch((err: unknown) => {
        throw new Error(`expected ${expectedPath}, got ${pathOf(page)}`, { cause: err });
      });
      await outcome.check(page);
    } catch (err) {
      problems.push(`${role} at ${stop.route}: ${(err as Error).message.split('\n')[0]}`);
      continue;
    }
    if (outcome.skipAxe) continue;
    for (const theme of ['light', 'dark'] as const) {
      try {
        await switchTheme(page, theme);
        await settled(page);
        await expectNoAxeViolations(page);
      } catch (err) {
        problems.push(`${role} at ${stop.route} (${theme}): ${(err as Error).message}`);
      }
    }
    await switchTheme(page, 'light');
  }
  return problems;
}

test.describe('the spec walk-through', () => {
  // The three walks are independent (each worker's beforeAll makes its own pet and campaign), so
  // they may run in different workers: this file is the longest, and would otherwise run alone.
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });

  test.beforeAll(async ({ browser }) => {
    // an owner with a pet and a campaign that the other roles can open
    const context = await browser.newContext({ baseURL: appOrigin() });
    const { token } = await registerViaApi(context, newUser({ name: 'Walk Owner' }));
    petName = `Walker ${Date.now().toString(36)}`;
    campaignName = `Walkie ${Date.now().toString(36)}`;
    petId = (await createPet(token, petName))._id;
    campaignId = (await createCampaign(token, campaignName))._id;
    await context.close();
  });

  // the walk ends on the 404 page, which the server answers with status 404
  test.beforeEach(({ consoleErrors }) => consoleErrors.allowNotFoundPage('/no-such-page'));

  test('as an anonymous visitor', async ({ page, context }) => {
    await presetTheme(context, 'light');
    expect(await walk(page, 'anonymous')).toEqual([]);
  });

  test('as a signed-in user', async ({ page, context }) => {
    await presetTheme(context, 'light');
    await registerViaApi(context, newUser());
    expect(await walk(page, 'user')).toEqual([]);
  });

  test('as an admin', async ({ page, context }) => {
    await presetTheme(context, 'light');
    await signInAdmin(context);
    expect(await walk(page, 'admin')).toEqual([]);
  });
});
