import { randomBytes } from 'node:crypto';
import { messages } from '@pet-haven/shared/messages';
import { avatarButton, apiCall, newUser, registerViaApi } from './support/auth';
import { expectNoAxeViolationsInBothThemes } from './support/axe';
import { solidPng } from './support/data';
import { mailTo } from './support/mail';
import { expect, test } from './support/fixtures';
import { expectText, expectVisible, waitForPath } from './support/ui';

/**
 * Issue 14 (adoption to its end): a request with answers, a conversation with unread counts, the
 * owner accepts and then confirms the adoption; the other requester's request is closed and they
 * are told by mail.
 */
test.describe('an adoption from application to home', () => {
  // four people, mail, and axe in both themes: longer than one screen's test
  test.describe.configure({ timeout: 150_000 });
  test('apply with answers, talk, accept, confirm; the other request is closed and its sender mailed', async ({
    page,
    context,
    newSession,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const owner = newUser({ name: `Owner ${tag}` });
    await registerViaApi(context, owner);
    const petName = `Maple${tag}`;

    // --- the owner lists the pet in the browser: three photos at once, facts and a town
    await page.goto('/add-pet');
    const colours: Array<[number, number, number]> = [
      [220, 38, 38],
      [22, 163, 74],
      [37, 99, 235],
    ];
    await page.getByLabel('More photos').setInputFiles(
      colours.map((rgb, i) => ({
        name: `maple-${i + 1}.png`,
        mimeType: 'image/png',
        buffer: solidPng(320, 240, rgb),
      })),
    );
    // the first to finish became the cover (Pet Image); the other two follow it
    const cover = page.getByRole('img', { name: 'Preview of the chosen picture' });
    await expectVisible(cover);
    await expectVisible(page.getByRole('img', { name: 'Photo 3' }));
    const srcOf = async (name: string) =>
      (await page.getByRole('img', { name, exact: true }).getAttribute('src'))!.replace(
        /-\d+w\.webp$/,
        '',
      );
    const firstCover = (await cover.getAttribute('src'))!.replace(/-\d+w\.webp$/, '');
    const [second, third] = [await srcOf('Photo 2'), await srcOf('Photo 3')];
    // reorder by dragging photo 3 onto photo 2, then by keyboard move it back and forth
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('img', { name: 'Photo 3', exact: true }) })
      .dragTo(
        page
          .getByRole('listitem')
          .filter({ has: page.getByRole('img', { name: 'Photo 2', exact: true }) }),
      );
    expect(await srcOf('Photo 2')).toBe(third);
    await page.getByRole('button', { name: 'Move Photo 2 later' }).focus();
    await page.keyboard.press('Enter');
    expect(await srcOf('Photo 3')).toBe(third);
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Move Photo 3 earlier' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await srcOf('Photo 2')).toBe(third);
    // pick the last photo as the cover: the old cover takes its place
    await page.getByRole('button', { name: 'Make photo 3 the cover' }).click();
    await expect(cover).toHaveAttribute('src', new RegExp(second.replace(/^.*\//, '')));
    expect(await srcOf('Photo 3')).toBe(firstCover);
    await page.getByLabel('Pet Name').fill(petName);
    await page.getByLabel('Pet Age').fill('2 years');
    await page.getByLabel('Pet Location').fill('Leeds');
    await page.getByLabel('Category').selectOption('cat');
    await page.getByLabel('Short Description').fill('A quiet tabby.');
    await page.getByLabel('Long Description').fill(`${petName} likes windowsills.`);
    await page.getByLabel('Sex').selectOption('female');
    await page.getByLabel('Size').selectOption('small');
    await page.getByLabel('Good with children').selectOption('yes');
    const town = page.getByLabel('Town or city');
    await town.fill('Leeds');
    await expect(page.locator('datalist option[value="Leeds, United Kingdom"]')).toHaveCount(1);
    await town.fill('Leeds, United Kingdom');
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole('button', { name: 'Add Pet', exact: true }).click();
    await expectText(page, messages.pets.added);
    const [listed] = await apiCall<Array<{ _id: string; morePhotos?: string[] }>>(
      `/api/pets?search=${petName}`,
    );
    const pet = await apiCall<{ _id: string; petImage: string; morePhotos: string[] }>(
      `/api/pets/${listed!._id}`,
    );
    expect([pet.petImage, ...pet.morePhotos].map((u) => u.replace(/-\d+w\.webp$/, ''))).toEqual([
      second,
      third,
      firstCover,
    ]);

    // --- a second requester, by the API
    const ben = newUser({ name: `Ben ${tag}` });
    const b = await newSession();
    const { token: benToken } = await registerViaApi(b.context, ben);
    await apiCall('/api/adoption-requests', {
      token: benToken,
      json: { petId: pet._id, phone: '0113 496 0001', address: '2 Mill Lane, York' },
    });

    // --- Ann applies in the browser, answering some questions
    const ann = newUser({ name: `Ann ${tag}` });
    const a = await newSession();
    await registerViaApi(a.context, ann);

    // --- she finds the pet by its facts and by distance from York, and saves it
    await a.page.goto('/petlist?category=cat');
    await expectVisible(avatarButton(a.page));
    await a.page.getByRole('button', { name: 'More filters' }).click();
    const sheet = a.page.getByRole('dialog', { name: 'More filters' });
    await sheet.getByLabel('Size').selectOption('small');
    await sheet.getByRole('checkbox', { name: 'Children' }).check();
    const near = sheet.getByLabel('Near');
    await near.fill('York');
    await expect(sheet.locator('datalist option[value="York, United Kingdom"]')).toHaveCount(1);
    await near.fill('York, United Kingdom');
    await sheet.getByLabel('Within').selectOption('50');
    await sheet.getByRole('button', { name: 'Show pets' }).click();
    await a.page.getByLabel('Sort by').selectOption('nearest');
    const card = a.page.getByRole('article', { name: petName });
    await expectVisible(card);
    await expectVisible(card.getByText(/km away/));
    expect(new URL(a.page.url()).searchParams.get('within')).toBe('50');
    // she saves the search, to hear of new matches
    await a.page.getByRole('button', { name: 'Save this search' }).click();
    const saveDialog = a.page.getByRole('dialog', { name: 'Save this search' });
    await expect(saveDialog.getByLabel('Name')).toHaveValue(
      'Cat, Small, good with children, within 50 km of York, United Kingdom',
    );
    await saveDialog.getByLabel('Name').fill(`Small cats near York ${tag}`);
    await saveDialog.getByRole('button', { name: 'Save search' }).click();
    await expectText(a.page, 'Search saved. Find it on your profile.');
    await card.getByRole('button', { name: `Save ${petName} to favourites` }).click();
    await expect(
      card.getByRole('button', { name: `Remove ${petName} from favourites` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolationsInBothThemes(a.page);

    await card.getByRole('link', { name: 'View Details' }).click();
    await waitForPath(a.page, `/pets/${pet._id}`);
    // the gallery: the cover first, the arrows and keys turn the photos
    const gallery = a.page.getByRole('region', { name: `Photos of ${petName}` });
    await expectVisible(gallery.getByRole('img', { name: `${petName}, photo 1 of 3` }));
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expectVisible(gallery.getByRole('img', { name: `${petName}, photo 2 of 3` }));
    await a.page.keyboard.press('ArrowRight');
    await expectVisible(gallery.getByRole('img', { name: `${petName}, photo 3 of 3` }));
    await gallery.getByRole('button', { name: 'Show photo 1 of 3' }).click();
    await expectVisible(gallery.getByRole('img', { name: `${petName}, photo 1 of 3` }));
    await expectNoAxeViolationsInBothThemes(a.page);
    await a.page.getByRole('button', { name: 'Adopt', exact: true }).click();
    const dialog = a.page.getByRole('dialog', { name: `Adopt ${petName}` });
    await dialog.getByLabel('Phone Number').fill('0113 496 0000');
    await dialog.getByLabel('Address').fill('1 Park Row, Leeds');
    await dialog.getByLabel('Home type').selectOption('house');
    await dialog.getByLabel('Garden').selectOption('yes');
    await dialog.getByLabel('Message to the owner').fill('We walk by the river every day.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectText(a.page, messages.adoption.submitted);

    // --- the owner opens Ann's request, reads the answers and writes to her
    await page.goto('/dashboard/adoption-requests');
    const row = page.getByRole('row', { name: new RegExp(ann.name) });
    await row.getByRole('link', { name: /^Open/ }).click();
    await waitForPath(page, /^\/dashboard\/adoption\//);
    const answers = page.getByRole('region', { name: 'Answers' });
    await expectVisible(answers.getByText('We walk by the river every day.'));
    await expectVisible(answers.getByText('House'));
    await page.getByLabel('Your message').fill('Could you visit on Saturday at 10?');
    await page.getByRole('button', { name: 'Send' }).click();
    const conversation = page.getByRole('list', { name: 'Messages' });
    await expectVisible(conversation.getByText('Could you visit on Saturday at 10?'));
    await expectNoAxeViolationsInBothThemes(page);

    // --- Ann sees one unread message on her avatar, opens it and answers
    await a.page.goto('/dashboard/my-adoption-requests');
    const annAvatar = a.page.getByRole('button', { name: /1 unread message$/ });
    await annAvatar.click();
    await a.page.getByRole('menuitem', { name: '1 unread message' }).click();
    await expectVisible(a.page.getByText('Could you visit on Saturday at 10?'));
    await a.page.getByLabel('Your message').fill('Saturday at 10 is perfect.');
    await a.page.getByRole('button', { name: 'Send' }).click();
    await expectVisible(a.page.getByText('Saturday at 10 is perfect.'));
    // reading it cleared her count
    await expectVisible(a.page.getByRole('button', { name: /^Account menu for [^,]+$/ }));

    // --- the owner accepts, then confirms the adoption
    await page.reload();
    await expectVisible(page.getByText('Saturday at 10 is perfect.'));
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expectText(page, messages.adoption.accepted);
    await page.getByRole('button', { name: 'Confirm adoption' }).click();
    await page
      .getByRole('alertdialog', { name: `Confirm the adoption of ${petName}?` })
      .getByRole('button', { name: 'Confirm adoption' })
      .click();
    await expectText(page, 'Adoption confirmed.');
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(3);

    // --- the pet is adopted; Ben's request is closed and he is told by mail
    const closedMail = await mailTo(ben.email, 'adoption-closed');
    expect(closedMail.subject).toBe(`${petName} has found a home`);
    await b.page.goto('/dashboard/my-adoption-requests');
    await expectVisible(
      b.page.getByRole('row', { name: new RegExp(petName) }).getByText('Closed', { exact: true }),
    );
    await a.page.goto('/dashboard/my-adoption-requests');
    await expectVisible(
      a.page.getByRole('row', { name: new RegExp(petName) }).getByText('Adopted', { exact: true }),
    );

    // --- Ann's saved search is on her profile: it opens the list with its filters
    await a.page.goto('/dashboard/profile');
    const savedSearch = a.page.getByRole('link', { name: `Small cats near York ${tag}` });
    await a.page
      .getByRole('checkbox', { name: `E-mail me new matches for Small cats near York ${tag}` })
      .uncheck();
    await expect(
      a.page.getByRole('checkbox', {
        name: `E-mail me new matches for Small cats near York ${tag}`,
      }),
    ).not.toBeChecked();
    await savedSearch.click();
    await waitForPath(a.page, '/petlist');
    expect(new URL(a.page.url()).searchParams.get('size')).toBe('small');
    expect(new URL(a.page.url()).searchParams.get('within')).toBe('50');
  });
});
