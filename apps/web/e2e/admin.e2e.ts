import { randomBytes } from 'node:crypto';
import { messages } from '@pet-haven/shared/messages';
import type { Page } from '@playwright/test';
import { apiCall, newUser, registerViaApi } from './support/auth';
import { expectNoAxeViolationsInBothThemes } from './support/axe';
import { createCampaign, createPet, signInAdmin } from './support/data';
import { expect, test, type Session } from './support/fixtures';
import {
  expectHidden,
  expectText,
  expectToastsBelowNavigationBar,
  expectVisible,
  waitForPath,
} from './support/ui';

const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

/** The row of an admin table holding this text, paging forward (the users list is oldest first). */
async function findRow(page: Page, text: string) {
  const row = page.getByRole('row').filter({ hasText: text });
  await expectVisible(page.getByRole('table'));
  for (let i = 0; i < 50; i++) {
    if ((await row.count()) > 0) return row.first();
    const next = page.getByRole('button', { name: 'Next', exact: true });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const before = await page.getByText(/^Page \d+ of \d+$/).textContent();
    await next.click();
    await page.waitForFunction(
      (old) => document.body.innerText.match(/Page \d+ of \d+/)?.[0] !== old,
      before,
    );
  }
  await expectVisible(row);
  return row.first();
}

/** The token of a new user who owns what the admin acts on, signed up in a session of their own. */
async function ownerToken(newSession: () => Promise<Session>) {
  const owner = await newSession();
  return (await registerViaApi(owner.context, newUser())).token;
}

test.describe('admin area', () => {
  test('an admin promotes a user and sees the toast; the promoted user then sees the admin tabs after reload', async ({
    page,
    context,
    newSession,
  }) => {
    const other = await newSession();
    const { user } = await registerViaApi(other.context, newUser());
    await other.page.goto('/dashboard');
    await expectVisible(other.page.getByRole('heading', { name: messages.dashboard.userTitle }));
    expect(await other.page.getByRole('link', { name: 'All Pets' }).count()).toBe(0);

    await signInAdmin(context);
    await page.goto('/dashboard/all-users');
    await expectVisible(page.getByRole('heading', { name: messages.dashboard.adminTitle }));
    const row = await findRow(page, user.email);
    await row.getByRole('button', { name: /Make Admin/ }).click();
    await expectText(page, messages.users.madeAdmin(user.name));
    await expectToastsBelowNavigationBar(page);
    await expectHidden(row.getByRole('button', { name: /Make Admin/ }));

    await other.page.reload();
    await expectVisible(other.page.getByRole('heading', { name: messages.dashboard.adminTitle }));
    for (const tab of ['Users', 'All Pets', 'All Donations']) {
      await expectVisible(other.page.getByRole('link', { name: tab, exact: true }));
    }
    await other.page.getByRole('link', { name: 'All Pets', exact: true }).first().click();
    await waitForPath(other.page, '/dashboard/all-pets');
    await expectVisible(other.page.getByRole('heading', { name: 'All Pets' }));
  });

  test('a user whose e-mail is not verified cannot be made an admin: the button is off, says why, and the page is axe clean in both themes', async ({
    page,
    context,
    newSession,
  }) => {
    const other = await newSession();
    const { user } = await registerViaApi(other.context, newUser(), { verify: false });

    await signInAdmin(context);
    await page.goto('/dashboard/all-users');
    const row = await findRow(page, user.email);
    const button = row.getByRole('button', { name: /Make Admin/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(messages.users.notVerified);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expectText(page, messages.users.notVerified);
    await expectNoAxeViolationsInBothThemes(page);
  });

  test('the admin unadopts a pet, which returns to /petlist, and deletes a pet after confirming', async ({
    page,
    context,
    newSession,
  }) => {
    const token = await ownerToken(newSession);
    const adoptedName = unique('Biscuit');
    const doomedName = unique('Pepper');
    const adopted = await createPet(token, adoptedName);
    await apiCall(`/api/pets/${adopted._id}/adopted`, {
      method: 'PATCH',
      token,
      json: { adopted: true },
    });
    const doomed = await createPet(token, doomedName);

    await signInAdmin(context);
    await page.goto(`/petlist?search=${encodeURIComponent(adoptedName)}`);
    await page
      .getByText(/No pets|nothing|match/i)
      .first()
      .waitFor();
    expect(await page.getByText(adoptedName).count()).toBe(0);

    await page.goto('/dashboard/all-pets');
    const adoptedRow = await findRow(page, adoptedName);
    await expectVisible(adoptedRow.getByRole('cell', { name: 'Yes', exact: true }));
    await adoptedRow.getByRole('button', { name: /^Unadopt/ }).click();
    await expectText(page, messages.pets.adminStatusUpdated);
    await expectVisible(adoptedRow.getByRole('button', { name: /^Adopt/ }));

    await page.goto(`/petlist?search=${encodeURIComponent(adoptedName)}`);
    await expectVisible(page.getByText(adoptedName));

    await page.goto('/dashboard/all-pets');
    const doomedRow = await findRow(page, doomedName);
    await doomedRow.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog', { name: messages.pets.adminConfirmDelete });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    await expectVisible(doomedRow);

    await doomedRow.getByRole('button', { name: /^Delete/ }).click();
    await page
      .getByRole('alertdialog', { name: messages.pets.adminConfirmDelete })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expectText(page, messages.pets.adminDeleted);
    await expectHidden(page.getByRole('row').filter({ hasText: doomedName }));
    const gone = await fetch(`${new URL(page.url()).origin}/api/pets/${doomed._id}`);
    expect(gone.status).toBe(404);
  });

  test('the admin pauses a campaign, which leaves /donation', async ({
    page,
    context,
    newSession,
  }) => {
    const token = await ownerToken(newSession);
    const name = unique('Luna');
    await createCampaign(token, name);

    await signInAdmin(context);
    await page.goto('/donation');
    await expectVisible(page.getByText(name));

    await page.goto('/dashboard/all-donations');
    const row = await findRow(page, name);
    await expectVisible(row.getByText('Active', { exact: true }));
    await row.getByRole('button', { name: /^Pause/ }).click();
    await expectVisible(row.getByText('Paused', { exact: true }));

    await page.goto('/donation');
    // the list has loaded (another campaign or the end message) and this one is not in it
    await page
      .getByRole('link', { name: /View Details/i })
      .or(page.getByText(messages.campaigns.noMore))
      .first()
      .waitFor();
    expect(await page.getByText(name).count()).toBe(0);
  });
});
