import { z } from '@hono/zod-openapi';
import {
  createPaymentAnswerSchema,
  createPaymentBodySchema,
  paymentDeclinedSchema,
  recordDonationAnswerSchema,
  recordDonationBodySchema,
  testPaymentConfirmAnswerSchema,
  testPaymentConfirmBodySchema,
  testPaymentIntentParamSchema,
} from '@pet-haven/shared/payments';
import type { AppDeps } from '../../app-deps';
import { requireUser, signedIn } from '../../auth/authenticate.middleware';
import { createRouter, declareRoutes, jsonBody, jsonContent } from '../../lib/openapi';
import { recordDonation } from './donation-recording.service';
import { createPayment } from './payment-intents.service';
import {
  presentConfirmedTestPayment,
  presentRecordedDonation,
  presentStartedPayment,
} from './payments.presenter';
import { handleStripeWebhook } from './stripe-webhook.service';
import { confirmTestPayment } from './test-payments.service';

const route = declareRoutes('Payments');

const createPaymentRoute = route.post('/create-payment', {
  summary: 'Start a donation: reserves the amount and answers the client secret to confirm',
  guard: signedIn,
  request: { body: jsonBody(createPaymentBodySchema) },
  ok: [200, jsonContent(createPaymentAnswerSchema, 'The payment intent')],
  errors: [
    400,
    401,
    404,
    [409, 'The campaign cannot take it (paused, ended, full)'],
    [
      429,
      'The donor already holds the most payments under way allowed (a new one on the same campaign replaces the old one)',
    ],
    [503, 'The payment provider is not reachable'],
  ],
});

const recordRoute = route.post('/donations/record', {
  summary:
    'Record a succeeded payment as a donation (idempotent per payment intent: replays record nothing)',
  guard: signedIn,
  request: { body: jsonBody(recordDonationBodySchema) },
  ok: [200, jsonContent(recordDonationAnswerSchema, 'Recorded, now or before')],
  errors: [400, 401, 402, 403, 404, [409, 'The payment does not match, or was refunded']],
});

const confirmRoute = route.post('/test-payments/{paymentIntentId}/confirm', {
  summary:
    "Test mode only: confirm a payment with a card (Stripe's test cards; 4242 4242 4242 4242 succeeds)",
  guard: signedIn,
  request: { params: testPaymentIntentParamSchema, body: jsonBody(testPaymentConfirmBodySchema) },
  ok: [200, jsonContent(testPaymentConfirmAnswerSchema, 'Paid and recorded')],
  errors: [
    400,
    401,
    [402, 'Declined: `code` is the decline code', paymentDeclinedSchema],
    403,
    404,
    [409, 'Expired, canceled, or the campaign is full, paused, removed or ended (nothing charged)'],
  ],
});

const webhookRoute = route.post('/stripe/webhook', {
  summary: 'Stripe events, verified over the raw body with the signing secret',
  request: {
    headers: z.object({ 'stripe-signature': z.string().optional() }),
    body: jsonBody(z.object({}).passthrough()),
  },
  ok: [200, jsonContent(z.object({ received: z.literal(true) }), 'Handled')],
  errors: [[400, 'Missing or bad signature']],
});

export function createPaymentsRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(createPaymentRoute, async (c) => {
    const user = requireUser(c);
    const payment = await createPayment(deps, user, c.req.valid('json'));
    return c.json(presentStartedPayment(payment), 200);
  });

  router.openapi(recordRoute, async (c) => {
    const user = requireUser(c);
    const recorded = await recordDonation(deps, user, c.req.valid('json'));
    return c.json(presentRecordedDonation(recorded), 200);
  });

  if (deps.paymentProvider.name === 'test') {
    router.openapi(confirmRoute, async (c) => {
      const user = requireUser(c);
      const { paymentIntentId } = c.req.valid('param');
      const recorded = await confirmTestPayment(deps, user, paymentIntentId, c.req.valid('json'));
      return c.json(presentConfirmedTestPayment(recorded), 200);
    });
  } else {
    // Registered without body validation: the signature is computed over the exact raw bytes.
    router.openAPIRegistry.registerPath(webhookRoute);
    router.post('/stripe/webhook', async (c) => {
      const raw = await c.req.text();
      await handleStripeWebhook(deps, raw, c.req.header('stripe-signature'));
      return c.json({ received: true as const }, 200);
    });
  }

  return router;
}
