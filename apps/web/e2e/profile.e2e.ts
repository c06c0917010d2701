import { readFile } from 'node:fs/promises';
import {
  avatarButton,
  fillLoginForm,
  newUser,
  openAvatarMenu,
  registerViaApi,
} from './support/auth';
import { expectNoAxeViolations, expectNoAxeViolationsInBothThemes } from './support/axe';
import { createPet, solidPng } from './support/data';
import { expect, PHONE, test } from './support/fixtures';
import { linkIn, mailTo } from './support/mail';
import { appOrigin } from './support/paths';
import { expectVisible, waitForPath } from './support/ui';

/** Issue 13: the profile page in a real browser. */
test.describe('the profile page', () => {
  test('change name and photo, then download my data', async ({ page, context }) => {
    const { user } = await registerViaApi(context, newUser());
    await page.goto('/dashboard/profile');
    await expectVisible(page.getByRole('heading', { name: 'Profile' }));
    await expectNoAxeViolationsInBothThemes(page);

    const details = page.getByRole('form', { name: 'Name and photo' });
    await details.getByLabel('Name', { exact: true }).fill('Renamed Person');
    await details.getByLabel('New photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(200, 200, [16, 185, 129]),
    });
    await expectVisible(details.getByText(/uploaded/i));
    await details.getByRole('button', { name: 'Save name and photo' }).click();
    await expect(details.getByRole('status')).toHaveText('Saved.');

    await openAvatarMenu(page);
    await expectVisible(page.getByRole('menu').getByText('Renamed Person'));
    await page.keyboard.press('Escape');
    const photo = await avatarButton(page).locator('img').getAttribute('src');
    expect(photo).toMatch(/\/api\/images\//);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await (await download).path();
    const data = JSON.parse(await readFile(file, 'utf8')) as {
      account: { name: string; email: string; image: string };
    };
    expect(data.account).toMatchObject({ name: 'Renamed Person', email: user.email });
    expect(data.account.image).toMatch(/\/api\/images\//);
  });

  test('delete my account with the password: its pet is gone and it cannot sign in', async ({
    page,
    context,
  }) => {
    const { user, token } = await registerViaApi(context, newUser());
    const pet = await createPet(token, 'Leaving Pet');
    await page.goto('/dashboard/profile');
    await page.getByLabel('Your password').fill(user.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account for good?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await waitForPath(page, '/');
    await expectVisible(page.getByText('Your account was deleted.'));
    await expectVisible(page.getByRole('link', { name: 'Login', exact: true }).first());
    expect((await page.request.get(`/api/pets/${pet._id}`)).status()).toBe(404);

    await page.goto('/login');
    await fillLoginForm(page, user);
    await expectVisible(page.getByText(/wrong email or password/i));
  });

  test('delete my account by a mailed link opened signed out on a phone: log in, confirm, gone', async ({
    page,
    context,
    newSession,
  }) => {
    const { user } = await registerViaApi(context, newUser());
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Email me a link instead' }).click();
    await expectVisible(page.getByText(/Open it and confirm there to delete your account/));

    const mail = await mailTo(user.email, 'account-deletion');
    expect(mail.subject).toBe('Confirm that you want to delete your Pet Haven account');
    const link = linkIn(mail, `${appOrigin()}/delete-account?token=`);

    // another device, signed out: opening the link deletes nothing; it asks to log in first
    const phone = await newSession({ viewport: PHONE });
    await phone.page.goto(link);
    await waitForPath(phone.page, '/login');
    await fillLoginForm(phone.page, user);
    await waitForPath(phone.page, '/delete-account');
    await expectVisible(phone.page.getByRole('heading', { name: 'Delete your account' }));
    await expectVisible(phone.page.getByText(user.email));
    await expectNoAxeViolationsInBothThemes(phone.page);
    await phone.page.getByRole('button', { name: 'Delete my account' }).click();
    await waitForPath(phone.page, '/');
    await expectVisible(phone.page.getByText('Your account was deleted.'));

    await phone.page.goto('/login');
    await fillLoginForm(phone.page, user);
    await expectVisible(phone.page.getByText(/wrong email or password/i));
  });
});
