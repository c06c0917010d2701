import { randomBytes } from 'node:crypto';
import { messages } from '@pet-haven/shared/messages';
import {
  avatarButton,
  fillLoginForm,
  loginViaUi,
  logoutViaUi,
  newUser,
  openAvatarMenu,
  registerViaApi,
  registerViaUi,
  setGoogleIdentity,
} from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkIn, mailTo } from './support/mail';
import { appOrigin } from './support/paths';
import { expectHidden, expectText, expectVisible, pathOf, waitForPath } from './support/ui';

test.describe('accounts in the browser', () => {
  test('register, log out, and log in again', async ({ page }) => {
    const user = newUser();

    await registerViaUi(page, user);
    expect(pathOf(page)).toBe('/');
    await expectText(page, messages.registration.success);
    await expectVisible(avatarButton(page));
    await expectHidden(page.getByRole('link', { name: 'Login', exact: true }));
    await expectHidden(page.getByRole('link', { name: 'Signup', exact: true }));
    const stored = await page.evaluate(() => localStorage.getItem('access-token'));
    expect(stored, 'the API token is kept in localStorage access-token').toBeTruthy();

    await logoutViaUi(page);
    await expectVisible(page.getByRole('link', { name: 'Signup', exact: true }));
    await expectHidden(avatarButton(page));
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

    await page.getByRole('link', { name: 'Login', exact: true }).first().click();
    await waitForPath(page, '/login');
    await loginViaUi(page, user);
    expect(pathOf(page)).toBe('/');
    await expectVisible(avatarButton(page));
  });

  test('a wrong password shows a clear message and keeps the user on /login', async ({
    page,
    context,
  }) => {
    const { user } = await registerViaApi(context, newUser());
    await context.clearCookies();
    await page.goto('/login');
    await fillLoginForm(page, { email: user.email, password: 'Wrong-password1' });
    await expectVisible(page.getByText(/wrong email or password/i));
    expect(pathOf(page)).toBe('/login');
  });

  test('the registration form names what is wrong before calling the server', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Someone');
    await page.getByLabel('Email', { exact: true }).fill('someone@e2e.test');
    await page.getByLabel('Photo URL', { exact: true }).fill('https://example.org/me.png');
    await page.getByLabel('Password', { exact: true }).fill('lowercase');
    await page.getByLabel('Confirm Password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectText(page, messages.registration.passwordRule);
    expect(pathOf(page)).toBe('/register');
  });

  test('the avatar menu offers Dashboard and Log Out, and Dashboard opens the dashboard', async ({
    page,
    context,
  }) => {
    const { user } = await registerViaApi(context, newUser());
    await page.goto('/');
    await openAvatarMenu(page);
    const menu = page.getByRole('menu');
    await expectVisible(menu.getByText(user.name));
    await expectVisible(menu.getByRole('menuitem', { name: 'Dashboard' }));
    await expectVisible(menu.getByRole('menuitem', { name: 'Log Out' }));
    // The user registered with a photo; a user without one gets the default image (checked below).
    await page.keyboard.press('Escape');
    await expectHidden(menu);

    await openAvatarMenu(page);
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await waitForPath(page, /^\/dashboard/);
    await expectVisible(page.getByRole('heading', { name: messages.dashboard.userTitle }));
  });

  test('the avatar falls back to the default profile image', async ({ page, context, baseURL }) => {
    // A photo URL that answers 404 (our own API, so other specs listing this user stay quiet):
    // the avatar must show the default image instead.
    const user = newUser({ photoURL: `${baseURL}/api/images/no-such-photo.webp` });
    await registerViaApi(context, user);
    await page.goto('/');
    const img = avatarButton(page).locator('img');
    await expectVisible(img);
    await page.waitForFunction(
      (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
      await img.elementHandle(),
    );
    expect(await img.getAttribute('src')).not.toContain('no-such-photo');
  });

  test('log in and log out with the keyboard only', async ({ page, context }) => {
    const { user } = await registerViaApi(context, newUser());
    await context.clearCookies();
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    for (let i = 0; i < 40 && !(await email.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/');

    await avatarButton(page).focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('menu'));
    const logOut = page.getByRole('menuitem', { name: 'Log Out' });
    for (let i = 0; i < 5 && !(await logOut.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expectVisible(page.getByRole('link', { name: 'Login', exact: true }));
  });

  test('Google sign-in runs end to end through the mock provider', async ({ page }) => {
    const id = randomBytes(4).toString('hex');
    const identity = { email: `google-${id}@e2e.test`, name: `Google Person ${id}` };
    await setGoogleIdentity(identity);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    // Browser -> /api/auth/sign-in/social -> mock /authorize -> /api/auth/callback/google -> /
    await waitForPath(page, '/', 20_000);
    await expectVisible(avatarButton(page));
    await openAvatarMenu(page);
    await expectVisible(page.getByRole('menu').getByText(identity.name));
    await expectVisible(page.getByRole('menu').getByText(identity.email));
  });

  test('GitHub sign-in, not configured here, says so instead of failing silently', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await expectVisible(page.getByText(/GitHub sign-in is not available/));
    expect(pathOf(page)).toBe('/login');
  });
  // The login and registration screens pass axe in light and dark mode: spec-walkthrough.e2e.ts
  // checks every screen a visitor reaches, these two included.

  test('forgot password: the mailed link sets a new password once, then the user signs in with it', async ({
    page,
    context,
  }) => {
    const { user } = await registerViaApi(context, newUser());
    await context.clearCookies();

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${user.email}`);

    const mail = await mailTo(user.email, 'password-reset');
    expect(mail.subject).toBe('Reset your Pet Haven password');
    const link = linkIn(mail, `${appOrigin()}/api/auth/reset-password/`);
    await page.goto(link);
    await waitForPath(page, '/reset-password');
    await expectNoAxeViolations(page);
    const newPassword = `${user.password}-New`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await waitForPath(page, '/login');
    await expectText(page, 'Your password was changed. Log in with your new password.');

    await fillLoginForm(page, { email: user.email, password: user.password });
    await expectVisible(page.getByText(/wrong email or password/i));
    await loginViaUi(page, { email: user.email, password: newPassword });
    await expectVisible(avatarButton(page));

    // the link worked once
    await page.goto(link);
    await waitForPath(page, '/reset-password');
    await expectText(page, 'This reset link has expired or was already used. Ask for a new one.');
  });

  test('sign-up mails a verification link; until it is opened no pet can be listed, then one can', async ({
    page,
    context,
  }) => {
    const { user } = await registerViaApi(context, newUser(), { verify: false });
    await page.goto('/dashboard');
    await expectVisible(page.getByText('Confirm your e-mail address', { exact: true }));
    await expectNoAxeViolations(page);
    await expectHidden(page.getByLabel('Pet Name'));

    const mail = await mailTo(user.email, 'email-verification');
    expect(mail.subject).toBe('Confirm your e-mail address for Pet Haven');
    await page.goto(linkIn(mail, `${appOrigin()}/api/auth/verify-email`));
    await waitForPath(page, '/email-verified');
    await expectText(
      page,
      'Your e-mail address is confirmed. You can now list pets, create donation campaigns and ask to adopt.',
    );
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await expectVisible(page.getByLabel('Pet Name'));
  });

  test('a sign-in link by e-mail signs in once, then sends the user back to /login', async ({
    page,
    context,
  }) => {
    const { user } = await registerViaApi(context, newUser());
    await context.clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${user.email}`);

    const link = linkIn(
      await mailTo(user.email, 'magic-link'),
      `${appOrigin()}/api/auth/magic-link/verify`,
    );
    await page.goto(link);
    await waitForPath(page, '/');
    await expectVisible(avatarButton(page));

    await context.clearCookies();
    await page.goto(link);
    await waitForPath(page, '/login');
    await expectText(page, 'This sign-in link has expired or was already used. Ask for a new one.');
  });
});
