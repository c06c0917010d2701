import { messages } from '@pet-haven/shared/messages';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { untilAnimationsEnd } from './support/ui';

test.describe('the e2e harness', () => {
  test('serves the API and the web app', async ({ page, baseURL }) => {
    const health = await fetch(`${baseURL}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${baseURL}/api/ready`);
    expect(ready.status).toBe(200);

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.locator('#root *').first().waitFor();
  });

  test('answers an unknown path 404 with the app, rendered as its own 404 page', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allowNotFoundPage('/no/such/page');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(await response?.headerValue('content-type')).toMatch(/text\/html/);
    expect(await response?.text()).toContain(messages.notFound.title);
  });

  test('the accessibility check finds what it must, skips what it is told to, and runs again', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Pet Haven' })).toBeVisible();
    // the hero fades in over 2.5 s: check it at rest
    await untilAnimationsEnd(page);
    await expectNoAxeViolations(page);
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.id = 'bad-on-purpose';
      // faint text on white, and a picture without a text alternative
      box.innerHTML =
        '<p style="color:#eee;background:#fff">faint</p>' +
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
      document.querySelector('main')?.append(box);
    });
    const problems = await expectNoAxeViolations(page).then(
      () => '',
      (err: Error) => err.message,
    );
    expect(problems).toContain('serious color-contrast');
    expect(problems).toContain('critical image-alt');
    await expectNoAxeViolations(page, { exclude: ['#bad-on-purpose'] });
    await expect(expectNoAxeViolations(page, { include: '#bad-on-purpose' })).rejects.toThrow(
      /image-alt/,
    );
    await expectNoAxeViolations(page, {
      include: '#bad-on-purpose',
      disableRules: ['color-contrast', 'image-alt'],
    });
  });
});
