import { readFile } from 'node:fs/promises';
import { avatarButton, newUser, openAvatarMenu, registerViaApi } from './support/auth';
import { expectNoAxeViolationsInBothThemes } from './support/axe';
import { solidPng } from './support/data';
import { expect, test } from './support/fixtures';
import { expectVisible } from './support/ui';

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
});
