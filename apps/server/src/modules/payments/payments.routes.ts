import { createRoute, z } from '@hono/zod-openapi';
import { errorBodySchema } from '@pet-haven/shared/errors';
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
import {
  bearerSecurity,
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  confirmTestPayment,
  createPaymentProvider,
  createPayment,
  handleStripeWebhook,
  recordDonation,
  type PaymentsDeps,
} from './payments.service';

const tags = ['Payments'];
const { 400: badInput, 401: anonymous, 403: notAllowed, 404: missing } = errorResponses;
const refused = jsonContent(errorBodySchema, 'The campaign cannot take it (paused, ended, full)');

const createPaymentRoute = createRoute({
  method: 'post',
  path: '/create-payment',
  tags,
  summary: 'Start a donation: reserves the amount and answers the client secret to confirm',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { body: jsonBody(createPaymentBodySchema) },
  responses: {
    200: jsonContent(createPaymentAnswerSchema, 'The payment intent'),
    400: badInput,
    401: anonymous,
    404: missing,
    409: refused,
    429: jsonContent(
      errorBodySchema,
      'The donor already holds the most payments under way allowed (a new one on the same campaign replaces the old one)',
    ),
    503: jsonContent(errorBodySchema, 'The payment provider is not reachable'),
  },
});

const recordRoute = createRoute({
  method: 'post',
  path: '/donations/record',
  tags,
  summary:
    'Record a succeeded payment as a donation (idempotent per payment intent: replays record nothing)',
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { body: jsonBody(recordDonationBodySchema) },
  responses: {
    200: jsonContent(recordDonationAnswerSchema, 'Recorded, now or before'),
    400: badInput,
    401: anonymous,
    402: jsonContent(errorBodySchema, 'The payment has not succeeded'),
    403: notAllowed,
    404: missing,
    409: jsonContent(errorBodySchema, 'The payment does not match, or was refunded'),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/test-payments/{paymentIntentId}/confirm',
  tags,
  summary:
    "Test mode only: confirm a payment with a card (Stripe's test cards; 4242 4242 4242 4242 succeeds)",
  security: bearerSecurity,
  middleware: [signedIn] as const,
  request: { params: testPaymentIntentParamSchema, body: jsonBody(testPaymentConfirmBodySchema) },
  responses: {
    200: jsonContent(testPaymentConfirmAnswerSchema, 'Paid and recorded'),
    400: badInput,
    401: anonymous,
    402: jsonContent(paymentDeclinedSchema, 'Declined: `code` is the decline code'),
    403: notAllowed,
    404: missing,
    409: jsonContent(
      errorBodySchema,
      'Expired, canceled, or the campaign is full, paused, removed or ended (nothing charged)',
    ),
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/stripe/webhook',
  tags,
  summary: 'Stripe events, verified over the raw body with the signing secret',
  request: {
    headers: z.object({ 'stripe-signature': z.string().optional() }),
    body: {
      content: { 'application/json': { schema: z.object({}).passthrough() } },
      required: true,
    },
  },
  responses: {
    200: jsonContent(z.object({ received: z.literal(true) }), 'Handled'),
    400: jsonContent(errorBodySchema, 'Missing or bad signature'),
  },
});

export function createPaymentsRoutes(deps: AppDeps) {
  const router = createRouter();
  const ctx: PaymentsDeps = { ...deps, provider: createPaymentProvider(deps) };

  router.openapi(createPaymentRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await createPayment(ctx, user, c.req.valid('json')), 200);
  });

  router.openapi(recordRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await recordDonation(ctx, user, c.req.valid('json')), 200);
  });

  if (ctx.provider.name === 'test') {
    router.openapi(confirmRoute, async (c) => {
      const user = requireUser(c);
      const { paymentIntentId } = c.req.valid('param');
      return c.json(await confirmTestPayment(ctx, user, paymentIntentId, c.req.valid('json')), 200);
    });
  } else {
    // Registered without body validation: the signature is computed over the exact raw bytes.
    router.openAPIRegistry.registerPath(webhookRoute);
    router.post('/stripe/webhook', async (c) => {
      const raw = await c.req.text();
      await handleStripeWebhook(ctx, raw, c.req.header('stripe-signature'));
      return c.json({ received: true as const }, 200);
    });
  }

  return router;
}
