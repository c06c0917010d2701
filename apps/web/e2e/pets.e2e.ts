import { randomBytes } from 'node:crypto';
import { messages } from '@pet-haven/shared/messages';
import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from './support/axe';
import { avatarButton, newUser, registerViaApi } from './support/auth';
import { createPet, solidPng } from './support/data';
import { expect, PHONE, test } from './support/fixtures';
import {
  expectHidden,
  expectText,
  expectToastsBelowNavigationBar,
  expectVisible,
  gotoHydrated,
  waitForPath,
} from './support/ui';

/**
 * Issue 3, "What it must show": a user adds a pet with a picture, it appears first in /petlist,
 * search and category filters find it; a second user sends an adoption request; the owner
 * accepts it and marks the pet adopted; it leaves /petlist; the requester sees it accepted;
 * the delete confirmation works.
 */

const unique = () => randomBytes(3).toString('hex');

/** The first card of the pet grid. */
const firstCard = (page: Page) => page.getByRole('list').getByRole('article').first();

async function cardNames(page: Page) {
  return page.getByRole('list').getByRole('article').getByRole('heading').allTextContents();
}

test.describe('pets and adoption', () => {
  test('add a pet, find it, request it, accept, mark adopted, see the outcome, delete', async ({
    page,
    context,
    newSession,
  }) => {
    const owner = newUser({ name: `Owner ${unique()}` });
    await registerViaApi(context, owner);
    const petName = `Zephyr${unique()}`;

    // --- the owner adds a pet with a picture (dashboard default tab)
    await page.goto('/dashboard');
    const picture = page.getByLabel('Pet Image');
    await picture.setInputFiles({
      name: 'zephyr.png',
      mimeType: 'image/png',
      buffer: solidPng(320, 240, [22, 163, 74]),
    });
    await expectText(page, 'Image uploaded successfully!');
    await expectVisible(page.getByRole('img', { name: 'Preview of the chosen picture' }));
    await page.getByLabel('Pet Name').fill(petName);
    await page.getByLabel('Pet Age').fill('8 months');
    await page.getByLabel('Pet Location').fill('Chattogram');
    await page.getByLabel('Category').selectOption('reptile');
    await page.getByLabel('Short Description').fill('A calm bearded dragon.');
    await page.getByLabel('Long Description').fill(`${petName} basks all day and eats greens.`);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(owner.email);
    await page.getByRole('button', { name: 'Add Pet', exact: true }).click();
    await expectText(page, messages.pets.added);
    // the form resets and the picture clears
    await expectHidden(page.getByText('Image uploaded successfully!'));
    expect(await page.getByLabel('Pet Name').inputValue()).toBe('');

    // --- it is first in /petlist, and the filters find it
    await gotoHydrated(page, '/petlist');
    await expectVisible(firstCard(page).getByRole('heading', { name: petName }));
    const img = firstCard(page).getByRole('img', { name: petName });
    expect(await img.getAttribute('srcset')).toMatch(/\/api\/images\/[0-9a-f]{64}-\d+w\.webp \d+w/);

    await page.getByRole('searchbox', { name: 'Search by name' }).fill(petName.toLowerCase());
    await page.waitForURL((u) => u.searchParams.get('search') === petName.toLowerCase());
    await expectVisible(firstCard(page).getByRole('heading', { name: petName }));
    expect(await cardNames(page)).toEqual([petName]);

    await page.getByRole('combobox', { name: 'Category' }).selectOption('reptile');
    await page.waitForURL((u) => u.searchParams.get('category') === 'reptile');
    await expectVisible(firstCard(page).getByRole('heading', { name: petName }));
    await page.getByRole('combobox', { name: 'Category' }).selectOption('cat');
    await expectText(page, 'No pets match your search.');

    // the filtered list survives a reload (it lives in the URL)
    await page.getByRole('combobox', { name: 'Category' }).selectOption('reptile');
    await page.waitForURL((u) => u.searchParams.get('category') === 'reptile');
    await page.reload();
    await expectVisible(firstCard(page).getByRole('heading', { name: petName }));
    expect(await page.getByRole('searchbox', { name: 'Search by name' }).inputValue()).toBe(
      petName.toLowerCase(),
    );
    await firstCard(page).getByRole('link', { name: 'View Details' }).click();
    await waitForPath(page, /^\/pets\/[0-9a-f-]{36}$/);
    const petPath = new URL(page.url()).pathname;
    await expectVisible(page.getByRole('heading', { name: petName, level: 1 }));
    // no Adopt button on your own pet
    await expectText(page, /This is your pet/);
    expect(await page.getByRole('button', { name: 'Adopt', exact: true }).count()).toBe(0);

    // --- a second user opens it and sends an adoption request
    const adopter = newUser({ name: `Adopter ${unique()}` });
    const b = await newSession();
    await registerViaApi(b.context, adopter);
    await b.page.goto(petPath);
    await expectVisible(b.page.getByRole('heading', { name: petName, level: 1 }));
    // the page comes rendered by the server, for a visitor: wait until it knows the adopter
    await expectVisible(avatarButton(b.page));
    await b.page.getByRole('button', { name: 'Adopt', exact: true }).click();
    const dialog = b.page.getByRole('dialog', { name: `Adopt ${petName}` });
    await expectVisible(dialog);
    expect(await dialog.getByLabel('User Name').inputValue()).toBe(adopter.name);
    expect(await dialog.getByLabel('Email').inputValue()).toBe(adopter.email);
    await dialog.getByLabel('Phone Number').fill('+880 1711 223344');
    await dialog.getByLabel('Address').fill('7 Lake Road, Dhaka');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectText(b.page, messages.adoption.submitted);
    await expectHidden(dialog);

    // --- the owner accepts it in Adoption Requests
    await page.goto('/dashboard/adoption-requests');
    const request = page.getByRole('row', { name: new RegExp(adopter.name) });
    await expectVisible(request);
    expect(await request.textContent()).toContain(petName);
    expect(await request.textContent()).toContain('7 Lake Road, Dhaka');
    await request.getByRole('button', { name: 'Accept', exact: true }).click();
    await expectText(page, messages.adoption.accepted);
    await expectVisible(request.getByRole('button', { name: 'Accepted', exact: true }));
    expect(await request.getByRole('button', { name: 'Accepted', exact: true }).isDisabled()).toBe(
      true,
    );

    // --- and marks the pet adopted in My Added Pets
    await page.goto('/dashboard/my-added-pets');
    const row = page.getByRole('row', { name: new RegExp(petName) });
    await expectVisible(row.getByText('Not Adopted'));
    await row.getByRole('button', { name: 'Adopt', exact: true }).click();
    await expectText(page, messages.pets.markedAdoptedText);
    await expectVisible(row.getByText('Adopted', { exact: true }));
    expect(await row.getByRole('button', { name: 'Adopt', exact: true }).isDisabled()).toBe(true);

    // --- it leaves /petlist
    await page.goto(`/petlist?search=${petName}`);
    await expectText(page, 'No pets match your search.');

    // --- the requester sees their accepted request became the adoption under My Adoption Requests
    await b.page.goto('/dashboard/my-adoption-requests');
    const mine = b.page.getByRole('row', { name: new RegExp(petName) });
    await expectVisible(mine.getByText('Adopted', { exact: true }));

    // --- the delete confirmation works
    await page.goto('/dashboard/my-added-pets');
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: messages.pets.confirmDeleteTitle });
    await expectVisible(confirm.getByText(messages.pets.confirmDeleteText));
    await confirm.getByRole('button', { name: messages.pets.confirmDeleteNo }).click();
    await expectHidden(confirm);
    await expectVisible(row);
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: messages.pets.confirmDeleteYes }).click();
    await expectText(page, messages.pets.deletedText);
    await expectHidden(row);
    // the request went with it
    await b.page.reload();
    await expectHidden(b.page.getByRole('row', { name: new RegExp(petName) }));
  });

  test('missing picture, keyboard use and a phone-sized list', async ({ page, context }) => {
    await registerViaApi(context, newUser());
    await page.setViewportSize(PHONE);
    await page.goto('/add-pet');
    await page.getByLabel('Pet Name').fill('No picture');
    await page.getByRole('button', { name: 'Add Pet', exact: true }).click();
    await expectVisible(page.getByText(messages.pets.uploadImageFirst).first());
    await expectToastsBelowNavigationBar(page);

    // the list's filters and cards work from the keyboard
    await gotoHydrated(page, '/petlist');
    await page.getByRole('searchbox', { name: 'Search by name' }).focus();
    await page.keyboard.type('zzz-nothing');
    await page.keyboard.press('Enter');
    await expectText(page, 'No pets match your search.');
    await page.keyboard.press('Tab'); // the category dropdown
    await page.keyboard.press('Tab'); // the sort dropdown
    await page.keyboard.press('Tab'); // More filters
    await page.keyboard.press('Tab'); // the empty state's Clear filters
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear filters');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.searchParams.has('search'));
  });

  // The pet list, the dashboard and the empty request tabs are checked by spec-walkthrough.e2e.ts;
  // these are the owner's views, which the walk-through's users do not have.
  test("an owner's pet screens pass axe in light and dark mode", async ({ page, context }) => {
    const { token } = await registerViaApi(context, newUser());
    const pet = await createPet(token, `Axe${unique()}`);
    const other = await createPet(token, `Axo${unique()}`);
    await page.goto(`/pets/${pet._id}`);
    await expectVisible(page.getByRole('heading', { name: pet.petName, level: 1 }));
    await expectNoAxeViolationsInBothThemes(page);
    await page.goto('/dashboard/my-added-pets');
    await expectVisible(page.getByRole('row', { name: new RegExp(other.petName) }));
    await expectNoAxeViolationsInBothThemes(page);
  });
});
