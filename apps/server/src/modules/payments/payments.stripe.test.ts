import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createCampaignVia,
  daysFromToday,
  togglePauseVia,
  updateCampaignVia,
} from '../../../test/helpers/campaigns';
import { createAdmin, createUser, type TestUser } from '../../../test/helpers/factories';
import {
  FAKE_STRIPE_KEY,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/helpers/fake-stripe';
import { paymentsVia } from '../../../test/helpers/payments';
import { createTestContext, useTestContext, useUsers } from '../../../test/helpers/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret_for_pet_haven';
const sdk = new Stripe(FAKE_STRIPE_KEY);
/** The app's Stripe settings, its API at `apiUrl`. */
const stripeEnv = (apiUrl: string) => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: apiUrl,
});

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());
const ctx = useTestContext(() => stripeEnv(stripe.url));
const { owner } = useUsers(ctx, { owner: {} });
let donor: TestUser;
let stranger: TestUser;
// Fresh donors for every test: a donor holds at most 3 unpaid payments at once, and tests
// leave theirs unpaid.
beforeEach(async () => {
  donor = await createUser(ctx.database.db, { name: 'Stripe Donor' });
  stranger = await createUser(ctx.database.db);
});

const { startPayment, record, ledger, receipts, expireIntent } = paymentsVia(ctx);

/** The refunds Stripe was asked for on one payment intent. */
const refundsOf = (intentId: string) => stripe.refunds.filter((r) => r.payment_intent === intentId);

/**
 * A campaign with room for `max`, filled by the stranger's payment while the donor's payment for
 * all of it lapsed unpaid: Stripe has yet to report the donor's (`late`) intent.
 */
async function filledWhileLate(max: number) {
  const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: max });
  const late = (await startPayment(donor.token, c._id, max)).body.paymentIntentId as string;
  await expireIntent(late);
  const onTime = (await startPayment(stranger.token, c._id, max)).body.paymentIntentId as string;
  stripe.succeed(onTime);
  const body = { donationId: c._id, amount: max };
  expect((await record(stranger.token, { ...body, paymentIntentId: onTime })).status).toBe(200);
  return { c, late, body };
}

/**
 * A report of the late payment answered that it was refunded, Stripe gave it back once, and the
 * campaign's books hold only the payment that filled it (`raised` cents).
 */
async function expectRefundedOnce(
  res: { status: number; body: { message?: unknown } },
  late: string,
  campaignId: string,
  raised: number,
) {
  expect(res.status).toBe(409);
  expect(res.body.message).toContain('refunded');
  expect(refundsOf(late)).toHaveLength(1);
  expect(await ledger(campaignId)).toEqual({ raised, sum: raised, n: 1, intents: 1 });
}

function event(type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
}

const deliver = (payload: string, signature?: string) =>
  ctx.request('/api/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined
        ? {
            'stripe-signature': sdk.webhooks.generateTestHeaderString({
              payload,
              secret: WEBHOOK_SECRET,
            }),
          }
        : signature === ''
          ? {}
          : { 'stripe-signature': signature }),
    },
  });

describe('Stripe provider', () => {
  it('tells the web that Stripe is in use and has no test confirm route', async () => {
    const config = await ctx.request('/api/config');
    expect(config.body.payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    const res = await ctx.request('/api/test-payments/pi_fake_1/confirm', {
      token: donor.token,
      json: {
        clientSecret: 'x',
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      },
    });
    expect(res.status).toBe(404);
  });

  it('creates a PaymentIntent with amount in cents and campaign/donor metadata', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const res = await startPayment(donor.token, c._id, 25.5);
    expect(res.status).toBe(200);
    const pi = stripe.intents.get(res.body.paymentIntentId)!;
    expect(pi).toMatchObject({
      amount: 2550,
      currency: 'usd',
      metadata: { campaignId: c._id, donorId: donor.id },
    });
    expect(res.body.clientSecret).toBe(pi.client_secret);
  });

  it('replaces the donor’s open intent on the same campaign and cancels it at Stripe; reserves for 30 minutes', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 30 });
    const first = (await startPayment(donor.token, c._id, 30)).body.paymentIntentId as string;
    const second = await startPayment(donor.token, c._id, 30);
    expect(second.status).toBe(200);
    expect(stripe.intents.get(first)!.status).toBe('canceled');
    expect(stripe.intents.get(second.body.paymentIntentId)!.status).toBe('requires_payment_method');
    const rows = await ctx.database.db.execute(
      sql`select extract(epoch from expires_at - created_at)::int as seconds from payment_intents where id = ${second.body.paymentIntentId}`,
    );
    expect((rows as unknown as { rows: { seconds: number }[] }).rows[0]!.seconds).toBe(1800);
  });

  it('records only after Stripe says the intent succeeded, once, whoever reports it', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const { paymentIntentId } = (await startPayment(donor.token, c._id, 25)).body;
    const body = { donationId: c._id, amount: 25, paymentIntentId };

    const early = await record(donor.token, body);
    expect(early.status).toBe(402);
    expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });

    const pi = stripe.succeed(paymentIntentId);
    expect((await record(stranger.token, body)).status).toBe(403);
    const first = await record(donor.token, body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: true, donatedAmount: 25 });
    const webhook = await deliver(event('payment_intent.succeeded', pi));
    expect(webhook.status).toBe(200);
    const replay = await record(donor.token, body);
    expect(replay.body).toEqual({ created: false, donatedAmount: 25 });
    expect(await ledger(c._id)).toEqual({ raised: 2500, sum: 2500, n: 1, intents: 1 });
  });

  it('records from the webhook alone, and a replayed event records nothing more', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const { paymentIntentId } = (await startPayment(donor.token, c._id, 40)).body;
    const payload = event('payment_intent.succeeded', stripe.succeed(paymentIntentId), 'evt_same');
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    expect(await ledger(c._id)).toEqual({ raised: 4000, sum: 4000, n: 1, intents: 1 });
    const mine = await ctx.request('/api/user/donations', { token: donor.token });
    expect(mine.body.some((d: { campaignId: string }) => d.campaignId === c._id)).toBe(true);
    const browser = await record(donor.token, { donationId: c._id, amount: 40, paymentIntentId });
    expect(browser.body).toEqual({ created: false, donatedAmount: 40 });
  });

  it('refuses webhooks with a bad, missing or stale signature or a changed body', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const { paymentIntentId } = (await startPayment(donor.token, c._id, 10)).body;
    const payload = event('payment_intent.succeeded', stripe.succeed(paymentIntentId));
    const wrongSecret = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const stale = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const good = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    for (const [body, signature] of [
      [payload, wrongSecret],
      [payload, stale],
      [payload, ''],
      [payload, 'garbage'],
      [payload.replace('"amount":1000', '"amount":100000'), good],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_SIGNATURE');
    }
    expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });
  });

  it('ignores events for intents it did not create, and other event types', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const { paymentIntentId } = (await startPayment(donor.token, c._id, 10)).body;
    const foreign = { ...stripe.succeed(paymentIntentId), id: 'pi_not_ours' };
    expect((await deliver(event('payment_intent.succeeded', foreign))).status).toBe(200);
    const other = event('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(other)).status).toBe(200);
    expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });
  });

  it('releases the reservation when Stripe cancels the intent', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 30 });
    const { paymentIntentId } = (await startPayment(donor.token, c._id, 30)).body;
    expect((await startPayment(stranger.token, c._id, 30)).status).toBe(409);
    const pi = { ...stripe.intents.get(paymentIntentId)!, status: 'canceled' };
    expect((await deliver(event('payment_intent.canceled', pi))).status).toBe(200);
    expect((await startPayment(stranger.token, c._id, 30)).status).toBe(200);
  });

  it('refuses a payment whose Stripe amount differs from the reservation', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const { paymentIntentId } = (await startPayment(donor.token, c._id, 10)).body;
    const pi = stripe.succeed(paymentIntentId);
    pi.amount = 1; // tampered on the provider side
    const res = await record(donor.token, { donationId: c._id, amount: 10, paymentIntentId });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAYMENT_MISMATCH');
    expect((await deliver(event('payment_intent.succeeded', pi))).status).toBe(200);
    expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });
  });

  it('refunds a payment that completed after its reservation expired and the campaign filled up', async () => {
    const { c, late, body } = await filledWhileLate(50);

    const latePi = stripe.succeed(late);
    const res = await record(donor.token, { ...body, paymentIntentId: late });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('refunded');
    expect((await deliver(event('payment_intent.succeeded', latePi))).status).toBe(200);
    const again = await record(donor.token, { ...body, paymentIntentId: late });
    expect(again.status).toBe(409);
    expect(refundsOf(late)).toHaveLength(1);
    expect(await ledger(c._id)).toEqual({ raised: 5000, sum: 5000, n: 1, intents: 1 });
  });

  it('never records a refunded payment, even when a webhook retry comes after room was made', async () => {
    const { c, late, body } = await filledWhileLate(30);
    const latePi = stripe.succeed(late);
    expect((await record(donor.token, { ...body, paymentIntentId: late })).status).toBe(409);
    expect(refundsOf(late)).toHaveLength(1);

    // The owner raises the maximum; Stripe retries the old succeeded event, the browser retries.
    const raised = await updateCampaignVia(ctx, owner.token, c._id, { maxDonationAmount: 100 });
    expect(raised.status).toBe(200);
    expect((await deliver(event('payment_intent.succeeded', latePi))).status).toBe(200);
    const again = await record(donor.token, { ...body, paymentIntentId: late });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('refunded');
    expect(await ledger(c._id)).toEqual({ raised: 3000, sum: 3000, n: 1, intents: 1 });
    expect(refundsOf(late)).toHaveLength(1);
  });

  it('records nothing from a report that comes while a refusal is refunding, even after the organiser made room', async () => {
    const { c, late, body } = await filledWhileLate(30);
    const latePi = stripe.succeed(late);
    const hold = stripe.holdNextRefund();
    const refused = record(donor.token, { ...body, paymentIntentId: late });
    try {
      // the browser's report was refused (full) and its refund is held on its way to Stripe...
      await hold.reached;
      // ...when the organiser makes room and Stripe's webhook reports the same payment
      const raised = await updateCampaignVia(ctx, owner.token, c._id, { maxDonationAmount: 100 });
      expect(raised.status).toBe(200);
      expect((await deliver(event('payment_intent.succeeded', latePi))).status).toBe(200);
      expect(await ledger(c._id)).toEqual({ raised: 3000, sum: 3000, n: 1, intents: 1 });
    } finally {
      hold.release();
    }
    await expectRefundedOnce(await refused, late, c._id, 3000);
  });

  it('still answers refunded when a report comes after Stripe forgot the refund’s idempotency key', async () => {
    const { c, late, body } = await filledWhileLate(20);
    const latePi = stripe.succeed(late);
    expect((await record(donor.token, { ...body, paymentIntentId: late })).status).toBe(409);
    stripe.forgetIdempotencyKeys(); // 24 hours later, Stripe retries an event it could not deliver
    expect((await deliver(event('payment_intent.succeeded', latePi))).status).toBe(200);
    const again = await record(donor.token, { ...body, paymentIntentId: late });
    await expectRefundedOnce(again, late, c._id, 2000);
  });

  it('keeps the refunded mark when late failure and cancel events arrive, so a retry still records nothing', async () => {
    const { c, late, body } = await filledWhileLate(30);
    const latePi = stripe.succeed(late);
    expect((await record(donor.token, { ...body, paymentIntentId: late })).status).toBe(409);

    // Out-of-order events for the refunded intent must not erase its refunded mark.
    const failed = { ...latePi, last_payment_error: { code: 'card_declined' } };
    expect((await deliver(event('payment_intent.payment_failed', failed))).status).toBe(200);
    expect((await deliver(event('payment_intent.canceled', latePi))).status).toBe(200);
    await updateCampaignVia(ctx, owner.token, c._id, { maxDonationAmount: 100 });
    expect((await deliver(event('payment_intent.succeeded', latePi))).status).toBe(200);
    expect((await record(donor.token, { ...body, paymentIntentId: late })).status).toBe(409);
    expect(await ledger(c._id)).toEqual({ raised: 3000, sum: 3000, n: 1, intents: 1 });
    expect(refundsOf(late)).toHaveLength(1);
  });

  it.each(['paused by the owner', 'archived by an admin', 'past its last date'])(
    'refunds a payment that completed after the campaign was %s, and records nothing',
    async (how) => {
      const admin = await createAdmin(ctx.database.db);
      const c = await createCampaignVia(ctx, owner.token);
      const { paymentIntentId } = (await startPayment(donor.token, c._id, 25)).body;
      if (how === 'paused by the owner') {
        const p = await togglePauseVia(ctx, owner.token, c._id);
        expect(p.body).toEqual({ paused: true });
      } else if (how === 'archived by an admin') {
        const d = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
          method: 'DELETE',
          token: admin.token,
        });
        expect(d.body).toEqual({ deletedCount: 1, archived: true });
      } else {
        await ctx.database.db.execute(
          sql`update campaigns set last_date = ${daysFromToday(-3)} where id = ${c._id}`,
        );
      }
      const pi = stripe.succeed(paymentIntentId);
      const body = { donationId: c._id, amount: 25, paymentIntentId };
      const res = await record(donor.token, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('refunded');
      expect((await deliver(event('payment_intent.succeeded', pi))).status).toBe(200);
      expect((await record(donor.token, body)).status).toBe(409);
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });
    },
  );

  it('refunds a payment reported only by the webhook after the campaign was paused', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const { paymentIntentId } = (await startPayment(donor.token, c._id, 25)).body;
    await togglePauseVia(ctx, owner.token, c._id);
    const pi = stripe.succeed(paymentIntentId);
    expect((await deliver(event('payment_intent.succeeded', pi))).status).toBe(200);
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
    expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });
  });

  it('50 donors at once with room for 40: exactly 40, each recorded once despite two record calls and the webhook', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 400 });
    const donors = await Promise.all(Array.from({ length: 50 }, () => createUser(ctx.database.db)));
    const started = await Promise.all(donors.map((d) => startPayment(d.token, c._id, 10)));
    expect(started.some((r) => r.status >= 500)).toBe(false);
    const accepted = started.flatMap((r, i) =>
      r.status === 200 ? [{ d: donors[i]!, id: r.body.paymentIntentId as string }] : [],
    );
    expect(accepted).toHaveLength(40);
    // Refused donors' intents were canceled at Stripe, so nobody can pay them.
    const created = [...stripe.intents.values()].filter((pi) => pi.metadata.campaignId === c._id);
    expect(created.filter((pi) => pi.status !== 'canceled')).toHaveLength(40);

    const calls = accepted.flatMap(({ d, id }) => {
      const pi = stripe.succeed(id);
      const body = { donationId: c._id, amount: 10, paymentIntentId: id };
      return [
        record(d.token, body),
        record(d.token, body),
        deliver(event('payment_intent.succeeded', pi)),
      ];
    });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await ledger(c._id)).toEqual({ raised: 40000, sum: 40000, n: 40, intents: 40 });
  });
});

describe('the maximum guard itself', () => {
  it('50 paid at once after the reservations lapsed, room for 40: the guarded update keeps exactly 40 and refunds 10', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 400 });
    const donors = await Promise.all(Array.from({ length: 50 }, () => createUser(ctx.database.db)));
    const first = await Promise.all(
      donors.slice(0, 40).map((d) => startPayment(d.token, c._id, 10)),
    );
    expect(first.map((r) => r.status)).toEqual(Array(40).fill(200));
    // Every reservation lapses, so 10 more donors can start: 50 intents for room for 40,
    // and only the guard in the raised-amount update stands between them and the maximum.
    await ctx.database.db.execute(
      sql`update payment_intents set expires_at = now() - interval '1 minute' where campaign_id = ${c._id}`,
    );
    const more = await Promise.all(donors.slice(40).map((d) => startPayment(d.token, c._id, 10)));
    expect(more.map((r) => r.status)).toEqual(Array(10).fill(200));
    const all = [...first, ...more].map((r, i) => ({
      d: donors[i]!,
      id: r.body.paymentIntentId as string,
    }));

    const results = await Promise.all(
      all.flatMap(({ d, id }) => {
        const pi = stripe.succeed(id);
        const body = { donationId: c._id, amount: 10, paymentIntentId: id };
        return [record(d.token, body), deliver(event('payment_intent.succeeded', pi))];
      }),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const records = results.filter((_, i) => i % 2 === 0);
    expect(records.filter((r) => r.status === 200)).toHaveLength(40);
    const refused = records.filter((r) => r.status === 409);
    expect(refused).toHaveLength(10);
    // refunded by this call or already by the webhook
    expect(refused.every((r) => /refunded/.test(r.body.message))).toBe(true);
    const ids = new Set(all.map((a) => a.id));
    expect(stripe.refunds.filter((r) => ids.has(r.payment_intent))).toHaveLength(10);
    expect(await ledger(c._id)).toEqual({ raised: 40000, sum: 40000, n: 40, intents: 40 });
    // a refused recording wrote no receipt: one per donation
    expect(await receipts(c._id)).toEqual({ mails: 40, missing: 0 });
  });
});

describe('Stripe failing on refunds and cancels', () => {
  it('answers 503 (not 500) when a refund fails, and refunds once it works again', async () => {
    const { c, late, body } = await filledWhileLate(20);

    stripe.succeed(late);
    stripe.failing.refunds = true;
    try {
      const res = await record(donor.token, { ...body, paymentIntentId: late });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      stripe.failing.refunds = false;
    }
    const retry = await record(donor.token, { ...body, paymentIntentId: late });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toContain('refunded');
    expect(refundsOf(late)).toHaveLength(1);
    expect(await ledger(c._id)).toEqual({ raised: 2000, sum: 2000, n: 1, intents: 1 });
  });
});

describe('Stripe unreachable', () => {
  it('answers 503 and reserves nothing', async () => {
    const down = await createTestContext(stripeEnv('http://127.0.0.1:9'));
    try {
      const u = await createUser(down.database.db);
      const c = await createCampaignVia(down, u.token, { maxDonationAmount: 10 });
      const res = await paymentsVia(down).startPayment(u.token, c._id, 10);
      expect(res.status).toBe(503);
      const count = await down.database.db.execute(
        sql`select count(*)::int as n from payment_intents`,
      );
      expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await down.close();
    }
  });
});
