import { messages } from '@pet-haven/shared/messages';
import { expect, test } from './support/fixtures';

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
});
