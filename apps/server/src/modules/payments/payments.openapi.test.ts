import { declineCodes, errorCodes } from '@pet-haven/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

describe('OpenAPI document', () => {
  let testMode: TestContext;
  let stripeMode: TestContext;
  beforeAll(async () => {
    testMode = await createTestContext();
    stripeMode = await createTestContext({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
  });
  afterAll(async () => {
    await testMode.close();
    await stripeMode.close();
  });

  const campaignPaths = [
    '/create-donation-campaigns',
    '/update-donation/{id}',
    '/donation-campaigns',
    '/donations/{id}',
    '/donations',
    '/donations/{id}/pause',
    '/donations/{id}/donators',
    '/user/donations',
    '/create-payment',
    '/donations/record',
  ];

  it('lists the campaign and payment routes, with the test confirm route in test mode only', async () => {
    const doc = (await testMode.request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([...campaignPaths, '/test-payments/{paymentIntentId}/confirm']),
    );
    expect(doc.paths['/stripe/webhook']).toBeUndefined();
    expect(doc.paths['/create-payment'].post.requestBody).toBeDefined();
  });

  it('lists the webhook and not the test confirm route when Stripe is configured', async () => {
    const doc = (await stripeMode.request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([...campaignPaths, '/stripe/webhook']),
    );
    expect(doc.paths['/test-payments/{paymentIntentId}/confirm']).toBeUndefined();
  });

  it('publishes the error codes as the catalogue enum, and a decline as one of the decline codes', async () => {
    const doc = (await testMode.request('/api/openapi.json')).body;
    const codeOf = (path: string, status: string) =>
      doc.paths[path].post.responses[status].content['application/json'].schema.properties.code;
    expect(codeOf('/create-payment', '409').enum).toEqual(errorCodes);
    expect(codeOf('/test-payments/{paymentIntentId}/confirm', '402').enum).toEqual(declineCodes);
  });
});
