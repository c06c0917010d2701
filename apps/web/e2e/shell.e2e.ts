import { messages } from '@pet-haven/shared/messages';
import {
  adminUser,
  avatarButton,
  fillLoginForm,
  loginViaApi,
  newUser,
  registerViaApi,
} from './support/auth';
import { expectNoAxeViolationsInBothThemes } from './support/axe';
import { expect, PHONE, test } from './support/fixtures';
import { currentTheme, switchTheme } from './support/theme';
import {
  expectHidden,
  expectText,
  expectVisible,
  gotoHydrated,
  pathOf,
  waitForPath,
} from './support/ui';

test.describe('the web shell', () => {
  test('dark mode survives a reload, and light mode comes back', async ({ page }) => {
    await gotoHydrated(page, '/');
    expect(await currentTheme(page)).toBe('light');

    await switchTheme(page, 'dark');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.reload();
    await expectVisible(page.getByRole('button', { name: /light mode/i }));
    expect(await currentTheme(page)).toBe('dark');
    expect(await page.evaluate(() => document.body.classList.contains('light-theme'))).toBe(false);

    await switchTheme(page, 'light');
    await page.reload();
    await expectVisible(page.getByRole('button', { name: /dark mode/i }));
    expect(await currentTheme(page)).toBe('light');
  });

  test('a guarded route sends a visitor to /login, then back after signing in', async ({
    page,
    context,
  }) => {
    const { user } = await registerViaApi(context, newUser());
    await context.clearCookies();

    await page.goto('/dashboard/my-added-pets');
    await waitForPath(page, '/login');
    await fillLoginForm(page, user);
    await waitForPath(page, '/dashboard/my-added-pets');
    await expectVisible(page.getByRole('heading', { name: messages.dashboard.userTitle }));
  });

  test('an admin route sends a signed-in user to /, and lets an admin in', async ({
    page,
    context,
    newSession,
  }) => {
    await registerViaApi(context, newUser());
    await page.goto('/dashboard/all-users');
    await waitForPath(page, '/');
    await expectVisible(page.getByRole('heading', { name: 'Welcome to Pet Haven' }));

    const admin = await newSession();
    const adminAccount = adminUser();
    await registerViaApi(admin.context, adminAccount).catch(() =>
      // Another spec of this run may have registered the admin already.
      loginViaApi(admin.context, adminAccount),
    );
    await admin.page.goto('/dashboard/all-users');
    await expectVisible(admin.page.getByRole('heading', { name: messages.dashboard.adminTitle }));
    expect(pathOf(admin.page)).toBe('/dashboard/all-users');
  });

  test('an unknown path shows the 404 page with a way home', async ({ page, consoleErrors }) => {
    consoleErrors.allowNotFoundPage('/this/page/does-not-exist');
    const res = await page.goto('/this/page/does-not-exist');
    expect(res?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { name: messages.notFound.title }));
    await expectText(page, messages.notFound.text);
    await page.getByRole('link', { name: /home/i }).last().click();
    await waitForPath(page, '/');
  });

  test('on a phone the menu is a drawer that closes on its button, outside and on a link', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, '/');
    const openButton = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog');

    // The desktop links are hidden on a phone.
    await expectHidden(page.getByRole('navigation').getByRole('link', { name: 'Petlist' }));

    await openButton.click();
    await expectVisible(drawer);
    for (const name of ['Home', 'Petlist', 'Donation Campaigns', 'Login', 'Signup']) {
      await expectVisible(drawer.getByRole('link', { name, exact: true }));
    }
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expectHidden(drawer);

    await openButton.click();
    await expectVisible(drawer);
    // Outside the 256 px drawer.
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await expectHidden(drawer);

    await openButton.click();
    await drawer.getByRole('link', { name: 'Petlist', exact: true }).click();
    await waitForPath(page, '/petlist');
    await expectHidden(drawer);
  });

  test('on a phone a signed-in user finds the avatar menu and the drawer', async ({
    page,
    context,
  }) => {
    await registerViaApi(context, newUser());
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expectVisible(avatarButton(page));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expectVisible(drawer.getByRole('link', { name: 'Dashboard' }));
    await expectHidden(drawer.getByRole('link', { name: 'Login', exact: true }));
  });

  // On a desktop, spec-walkthrough.e2e.ts checks these two as it checks every screen.
  test('the home and 404 pages pass axe in light and dark mode on a phone', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allowNotFoundPage('/nope');
    // Check the page at rest: the hero fades in over 2.5 s unless motion is reduced.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Welcome to Pet Haven' }));
    await expectNoAxeViolationsInBothThemes(page);
    await page.goto('/nope');
    await expectVisible(page.getByRole('heading', { name: messages.notFound.title }));
    await expectNoAxeViolationsInBothThemes(page);
  });
});
