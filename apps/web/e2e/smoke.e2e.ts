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

  test('serves the SPA for unknown paths, so the app can show its own 404 page', async ({
    page,
  }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue('content-type')).toMatch(/text\/html/);
  });
});
