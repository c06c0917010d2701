import { randomBytes } from 'node:crypto';
import { fillLoginForm, newUser, registerViaApi } from './support/auth';
import { expectNoAxeViolationsInBothThemes } from './support/axe';
import { createPet } from './support/data';
import { expect, test } from './support/fixtures';
import { expectVisible, gotoHydrated, waitForPath } from './support/ui';

/** Issue 14 (favourites): the heart on a pet, the way back after signing in, the dashboard list. */
test.describe('favourites', () => {
  test('a visitor signs in from the heart, comes back, saves the pet and finds it under Favourites', async ({
    page,
    browser,
  }) => {
    const ownerContext = await browser.newContext();
    const { token: ownerToken } = await registerViaApi(ownerContext, newUser());
    const name = `Fav ${randomBytes(3).toString('hex')}`;
    const pet = await createPet(ownerToken, name);
    await ownerContext.close();

    const fan = newUser();
    await registerViaApi(page.context(), fan);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);

    await gotoHydrated(page, `/pets/${pet._id}`);
    await page.getByRole('button', { name: `Save ${name} to favourites` }).click();
    await waitForPath(page, '/login');
    await fillLoginForm(page, fan);
    await waitForPath(page, `/pets/${pet._id}`);

    const heart = page.getByRole('button', { name: `Save ${name} to favourites` });
    await heart.click();
    const saved = page.getByRole('button', { name: `Remove ${name} from favourites` });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/dashboard/favourites');
    await expectVisible(page.getByRole('heading', { name, level: 3 }));
    await expectVisible(page.getByText('Looking for a home'));
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole('button', { name: `Remove ${name} from favourites` }).click();
    await expectVisible(page.getByText('No favourites yet.'));
  });
});
