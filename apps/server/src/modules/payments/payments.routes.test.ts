import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { testPaymentConfirmAnswerSchema } from '@pet-haven/shared/payments';
import {
  createCampaignVia,
  daysFromToday,
  type CampaignInput,
  donateVia,
  togglePauseVia,
  updateCampaignVia,
} from '../../../test/helpers/campaigns';
import { expectError } from '../../../test/helpers/expect';
import { createUser, type TestUser } from '../../../test/helpers/factories';
import { sendIntoALockCircle } from '../../../test/helpers/lock-waits';
import { paymentsVia, testCard as card, type StartedPayment } from '../../../test/helpers/payments';
import { type TestResponse, useTestContext, useUsers } from '../../../test/helpers/test-app';
import { embeddedWriteGeneration } from '../../db/client';

const ctx = useTestContext();
const { owner, admin } = useUsers(ctx, { owner: {}, admin: { role: 'admin' } });
let donor: TestUser;
let stranger: TestUser;
// Fresh donors for every test: a donor holds at most 3 unpaid payments at once, and tests
// leave theirs unpaid.
beforeEach(async () => {
  donor = await createUser(ctx.database.db, { name: 'Dana Donor' });
  stranger = await createUser(ctx.database.db);
});

const { startPayment, confirm, record, ledger, receipts, expireIntent } = paymentsVia(ctx);

describe('POST /api/create-payment', () => {
  it('answers a client secret and intent id for the signed-in donor', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const res = await startPayment(donor.token, c._id, 25);
    expect(res.status).toBe(200);
    expect(res.body.paymentIntentId).toMatch(/^pi_test_/);
    expect(res.body.clientSecret).toContain(`${res.body.paymentIntentId}_secret_`);
  });

  it('refuses anonymous callers with 401', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    expect((await startPayment(undefined, c._id, 25)).status).toBe(401);
  });

  it.each([0, -5, 0.5, 0.99, 10.123, '25', null, 1e9])(
    'answers 400 naming donationAmount for %j',
    async (amount) => {
      const c = await createCampaignVia(ctx, owner.token);
      const res = await startPayment(donor.token, c._id, amount);
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain('json.donationAmount');
    },
  );

  it('answers 400 for a malformed campaign id and 404 for an unknown one', async () => {
    const bad = await startPayment(donor.token, 'abc', 25);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('json.donationCampaignId');
    const unknown = await startPayment(donor.token, '6f1c1a52-8c1e-4d59-9f53-3b1f0e1a2b3c', 25);
    expect(unknown.status).toBe(404);
  });

  it('refuses a paused campaign and a campaign past its last date', async () => {
    const paused = await createCampaignVia(ctx, owner.token);
    await togglePauseVia(ctx, owner.token, paused._id);
    const p = await startPayment(donor.token, paused._id, 25);
    expectError(p, 409, 'CAMPAIGN_PAUSED');

    const ended = await createCampaignVia(ctx, owner.token);
    await updateCampaignVia(ctx, owner.token, ended._id, { lastDate: daysFromToday(-2) });
    const e = await startPayment(donor.token, ended._id, 25);
    expectError(e, 409, 'CAMPAIGN_ENDED');
  });

  it('refuses more than remains, saying how much remains and counting open reservations', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 100 });
    await donateVia(ctx, donor.token, c._id, 60);
    const over = await startPayment(donor.token, c._id, 40.01);
    expect(over.status).toBe(400);
    expect(over.body.issues[0].path).toBe('json.donationAmount');
    expect(over.body.message).toContain('$40.00');

    const reserved = await startPayment(stranger.token, c._id, 30);
    expect(reserved.status).toBe(200);
    const afterReservation = await startPayment(donor.token, c._id, 10.01);
    expect(afterReservation.status).toBe(400);
    expect(afterReservation.body.message).toContain('$10.00');
    expect(afterReservation.body.message).toContain('under way');
    expect((await startPayment(donor.token, c._id, 10)).status).toBe(200);

    const full = await startPayment(owner.token, c._id, 1);
    expectError(full, 409, 'CAMPAIGN_FULL');
  });

  it('frees the reservation of an expired intent', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 50 });
    const first = await startPayment(donor.token, c._id, 50);
    expect(first.status).toBe(200);
    expect((await startPayment(stranger.token, c._id, 50)).status).toBe(409);
    await expireIntent(first.body.paymentIntentId);
    expect((await startPayment(stranger.token, c._id, 50)).status).toBe(200);
    // The expired intent can no longer be paid.
    const late = await confirm(donor.token, first.body, card('4242424242424242'));
    expectError(late, 409, 'PAYMENT_EXPIRED');
  });
});

describe('one donor cannot hold a campaign', () => {
  const openIntents = async (donorId: string) => {
    const r = await ctx.database.db.execute(
      sql`select id, campaign_id, extract(epoch from expires_at - created_at)::int as seconds
          from payment_intents where donor_id = ${donorId} and status = 'requires_payment_method'`,
    );
    return (r as unknown as { rows: { id: string; campaign_id: string; seconds: number }[] }).rows;
  };

  it('a new payment replaces the donor’s open one on the same campaign, which can no longer be paid', async () => {
    const d = await createUser(ctx.database.db);
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 50 });
    const first = (await startPayment(d.token, c._id, 50)).body;
    for (let i = 0; i < 5; i += 1) {
      expect((await startPayment(d.token, c._id, 50)).status).toBe(200);
    }
    const second = (await startPayment(d.token, c._id, 40)).body;
    const open = await openIntents(d.id);
    expect(open.map((o) => o.id)).toEqual([second.paymentIntentId]);
    // what the donor held is released: another donor can reserve the other 10
    expect((await startPayment(stranger.token, c._id, 10)).status).toBe(200);
    const old = await confirm(d.token, first, card('4242424242424242'));
    expectError(old, 409, 'PAYMENT_CANCELED');
    expect((await confirm(d.token, second, card('4242424242424242'))).status).toBe(200);
    expect(await ledger(c._id)).toEqual({ raised: 4000, sum: 4000, n: 1, intents: 1 });
  });

  it('a replacement the campaign cannot take leaves the donor’s open payment as it was', async () => {
    const d = await createUser(ctx.database.db);
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 50 });
    const first = (await startPayment(d.token, c._id, 30)).body;
    expect((await startPayment(stranger.token, c._id, 20)).status).toBe(200);
    // 50 - 20 held by the stranger leaves 30: a payment of 31 is refused, and nothing changed
    const over = await startPayment(d.token, c._id, 31);
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('$30.00');
    expect((await openIntents(d.id)).map((o) => o.id)).toEqual([first.paymentIntentId]);
    expect((await confirm(d.token, first, card('4242424242424242'))).status).toBe(200);
    expect(await ledger(c._id)).toEqual({ raised: 3000, sum: 3000, n: 1, intents: 1 });
  });

  // PostgreSQL keeps no reads: other processes write too
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'starting a payment counts as a write of the embedded database (its kept reads are dropped)',
    async () => {
      const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 50 });
      const before = embeddedWriteGeneration(ctx.database.db)!;
      expect((await startPayment(stranger.token, c._id, 5)).status).toBe(200);
      expect(embeddedWriteGeneration(ctx.database.db)).toBeGreaterThan(before);
    },
  );

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'paying counts as a write of the embedded database: the public list shows the new raised amount at once',
    async () => {
      const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 50 });
      const started = await startPayment(stranger.token, c._id, 5);
      const raisedInList = async () => {
        const list = await ctx.request('/api/donation-campaigns?page=1');
        return list.body.find((x: { _id: string }) => x._id === c._id)?.donatedAmount;
      };
      expect(await raisedInList()).toBe(0);
      const before = embeddedWriteGeneration(ctx.database.db)!;
      expect((await confirm(stranger.token, started.body, card('4242424242424242'))).status).toBe(
        200,
      );
      expect(embeddedWriteGeneration(ctx.database.db)).toBeGreaterThan(before);
      expect(await raisedInList()).toBe(5);
    },
  );

  it('a donor holds at most 3 payments under way at once (429), and a reservation lasts 10 minutes', async () => {
    const d = await createUser(ctx.database.db);
    const campaigns = await Promise.all(
      [1, 2, 3, 4].map(() => createCampaignVia(ctx, owner.token, { maxDonationAmount: 100 })),
    );
    const intents = [];
    for (const c of campaigns.slice(0, 3)) {
      const res = await startPayment(d.token, c._id, 100);
      expect(res.status).toBe(200);
      intents.push(res.body);
    }
    const fourth = await startPayment(d.token, campaigns[3]!._id, 100);
    expectError(fourth, 429, 'TOO_MANY_OPEN_PAYMENTS');
    expect(fourth.body.message).toContain('3 payments under way');
    // the held campaign stays open to everyone else
    expect((await startPayment(stranger.token, campaigns[3]!._id, 100)).status).toBe(200);
    // replacing one on the same campaign is still allowed
    expect((await startPayment(d.token, campaigns[0]!._id, 20)).status).toBe(200);
    // finishing one frees a place
    expect((await confirm(d.token, intents[1], card('4242424242424242'))).status).toBe(200);
    expect((await startPayment(d.token, campaigns[3]!._id, 1)).status).toBe(409);
    const other = await createCampaignVia(ctx, owner.token);
    expect((await startPayment(d.token, other._id, 5)).status).toBe(200);
    const open = await openIntents(d.id);
    expect(open).toHaveLength(3);
    expect(open.every((o) => o.seconds === 600)).toBe(true);
  });
});

describe('POST /api/test-payments/{id}/confirm', () => {
  it('succeeds with 4242 4242 4242 4242 and records the donation once', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 200 });
    const intent = (await startPayment(donor.token, c._id, 25)).body;
    const ok = await confirm(donor.token, intent, card('4242 4242 4242 4242'));
    expect(ok.status).toBe(200);
    // the answer is the recording: the browser has nothing left to report
    expect(testPaymentConfirmAnswerSchema.parse(ok.body)).toEqual({
      status: 'succeeded',
      created: true,
      donatedAmount: 25,
    });
    const again = await confirm(donor.token, intent, card('4242 4242 4242 4242'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'succeeded', created: false, donatedAmount: 25 });
    expect((await ctx.request(`/api/donations/${c._id}`)).body.donatedAmount).toBe(25);
    expect(await ledger(c._id)).toEqual({ raised: 2500, sum: 2500, n: 1, intents: 1 });
  });

  it.each([
    ['4000 0000 0000 0002', {}, 'card_declined'],
    ['4000 0000 0000 9995', {}, 'insufficient_funds'],
    ['4242 4242 4242 4241', {}, 'incorrect_number'],
    ['4242', {}, 'invalid_number'],
    ['4242 4242 4242 4242', { expMonth: 13 }, 'invalid_expiry_month'],
    ['4242 4242 4242 4242', { expYear: 2020 }, 'expired_card'],
    ['4242 4242 4242 4242', { cvc: '12' }, 'invalid_cvc'],
    ['4242 4242 4242 4242', { cvc: 'abc' }, 'invalid_cvc'],
    ['4000 0000 0000 0069', {}, 'expired_card'],
    ['5105 1051 0510 5100', {}, 'card_declined'],
  ])('declines %s %j with 402 %s and records nothing', async (number, extra, code) => {
    const c = await createCampaignVia(ctx, owner.token);
    const intent = (await startPayment(donor.token, c._id, 25)).body;
    const res = await confirm(donor.token, intent, card(number, extra));
    expectError(res, 402, code);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });
    const rec = await record(donor.token, {
      donationId: c._id,
      amount: 25,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(rec.status).toBe(402);
    // After a decline the donor can try another card on the same intent.
    expect((await confirm(donor.token, intent, card('4242424242424242'))).status).toBe(200);
    expect((await ledger(c._id)).raised).toBe(2500);
  });

  it('lets only the donor confirm, with the right client secret', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const intent = (await startPayment(donor.token, c._id, 25)).body;
    expect((await confirm(undefined, intent, card('4242424242424242'))).status).toBe(401);
    expect((await confirm(stranger.token, intent, card('4242424242424242'))).status).toBe(403);
    const wrongSecret = await confirm(
      donor.token,
      { ...intent, clientSecret: `${intent.paymentIntentId}_secret_wrong` },
      card('4242424242424242'),
    );
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.issues[0].path).toBe('json.clientSecret');
    const unknown = await confirm(
      donor.token,
      { paymentIntentId: 'pi_test_nope', clientSecret: 'x' },
      card('4242424242424242'),
    );
    expect(unknown.status).toBe(404);
    expect(await ledger(c._id)).toMatchObject({ raised: 0, n: 0 });
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const intent = (await startPayment(donor.token, c._id, 25)).body;
    const res = await confirm(donor.token, intent, { cardNumber: 4242, expMonth: 'x', cvc: '' });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['json.cardNumber', 'json.expMonth', 'json.expYear', 'json.cvc']),
    );
  });
});

describe('a payment started before the campaign closed', () => {
  const statusOf = async (intentId: string) => {
    const r = await ctx.database.db.execute(
      sql`select status, last_error from payment_intents where id = ${intentId}`,
    );
    return (r as unknown as { rows: { status: string; last_error: string | null }[] }).rows[0]!;
  };
  /** A campaign, and the donor's payment of 25 on it started while it was open. */
  const openPayment = async (campaign: CampaignInput = {}) => {
    const c = await createCampaignVia(ctx, owner.token, campaign);
    const intent = (await startPayment(donor.token, c._id, 25)).body;
    return { c, intent };
  };
  /** The donor paying that intent with a good card (now that the campaign closed). */
  const payLate = (intent: StartedPayment) =>
    confirm(donor.token, intent, card('4242424242424242'));

  it('is refused at confirm after the owner paused it (409, nothing charged), and stays canceled after unpausing', async () => {
    const { c, intent } = await openPayment({ maxDonationAmount: 100 });
    const pause = () => togglePauseVia(ctx, owner.token, c._id);
    expect((await pause()).body).toEqual({ paused: true });
    // pausing released the reservation
    expect((await statusOf(intent.paymentIntentId)).status).toBe('canceled');
    const refused = expectError(await payLate(intent), 409, 'CAMPAIGN_PAUSED');
    expect(refused.message).toContain('Nothing was charged');
    expect((await pause()).body).toEqual({ paused: false });
    expectError(await payLate(intent), 409, 'PAYMENT_CANCELED');
    expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });
  });

  it('is refused after an admin paused it', async () => {
    const { c, intent } = await openPayment();
    const res = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { paused: true },
    });
    expect(res.status).toBe(200);
    expect((await statusOf(intent.paymentIntentId)).status).toBe('canceled');
    expectError(await payLate(intent), 409, 'CAMPAIGN_PAUSED');
    expect(await ledger(c._id)).toMatchObject({ raised: 0, n: 0 });
  });

  it('is refused after an admin archived it, and no donation lands on the archived campaign', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    await donateVia(ctx, stranger.token, c._id, 5);
    const intent = (await startPayment(donor.token, c._id, 25)).body;
    const del = await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(del.body).toEqual({ deletedCount: 1, archived: true });
    expect((await statusOf(intent.paymentIntentId)).status).toBe('canceled');
    expect(expectError(await payLate(intent), 409).message).toContain('Nothing was charged');
    expect(await ledger(c._id)).toEqual({ raised: 500, sum: 500, n: 1, intents: 1 });
  });

  it('is refused after its last date, and the intent is canceled', async () => {
    const { c, intent } = await openPayment();
    await ctx.database.db.execute(
      sql`update campaigns set last_date = ${daysFromToday(-3)} where id = ${c._id}`,
    );
    expectError(await payLate(intent), 409, 'CAMPAIGN_ENDED');
    expect(await statusOf(intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
    expect(await ledger(c._id)).toMatchObject({ raised: 0, n: 0 });
  });
});

describe('POST /api/donations/record', () => {
  it('asks the provider and records only a succeeded payment, idempotently', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const intent = (await startPayment(donor.token, c._id, 12.5)).body;
    const body = { donationId: c._id, amount: 12.5, paymentIntentId: intent.paymentIntentId };
    const early = await record(donor.token, body);
    expectError(early, 402, 'PAYMENT_NOT_COMPLETED');
    expect((await confirm(donor.token, intent, card('4242424242424242'))).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const res = await record(donor.token, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: false, donatedAmount: 12.5 });
    }
    expect(await ledger(c._id)).toEqual({ raised: 1250, sum: 1250, n: 1, intents: 1 });
  });

  it('refuses another campaign, another amount, another user, unknown intents', async () => {
    const c = await createCampaignVia(ctx, owner.token);
    const c2 = await createCampaignVia(ctx, owner.token);
    const { intent } = await donateVia(ctx, donor.token, c._id, 20);
    const base = { donationId: c._id, amount: 20, paymentIntentId: intent.paymentIntentId };
    expect((await record(undefined, base)).status).toBe(401);
    expect((await record(stranger.token, base)).status).toBe(403);
    const otherCampaign = await record(donor.token, { ...base, donationId: c2._id });
    expect(otherCampaign.status).toBe(400);
    expect(otherCampaign.body.issues[0].path).toBe('json.donationId');
    const otherAmount = await record(donor.token, { ...base, amount: 2000 });
    expect(otherAmount.status).toBe(400);
    expect(otherAmount.body.issues[0].path).toBe('json.amount');
    expect((await record(donor.token, { ...base, paymentIntentId: 'pi_unknown' })).status).toBe(
      404,
    );
    expect((await record(donor.token, { ...base, amount: 'twenty' })).status).toBe(400);
    expect((await record(donor.token, {})).status).toBe(400);
    expect(await ledger(c._id)).toEqual({ raised: 2000, sum: 2000, n: 1, intents: 1 });
    expect(await ledger(c2._id)).toMatchObject({ raised: 0, n: 0 });
  });
});

describe('payment routes of the other provider', () => {
  it('has no Stripe webhook in test mode', async () => {
    const res = await ctx.request('/api/stripe/webhook', {
      json: { type: 'payment_intent.succeeded' },
    });
    expect(res.status).toBe(404);
  });
});

describe('concurrency', () => {
  /** Every intent of the campaign by status, and what unexpired unpaid ones hold, in cents. */
  const intentsOf = async (campaignId: string) => {
    const r = await ctx.database.db.execute(sql`
      select status, count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents
      from payment_intents where campaign_id = ${campaignId}
        and (status <> 'requires_payment_method' or expires_at > now())
      group by status`);
    const rows = (r as unknown as { rows: { status: string; n: number; cents: number }[] }).rows;
    return Object.fromEntries(rows.map((row) => [row.status, row]));
  };

  // PGlite runs one transaction at a time: a deadlock needs PostgreSQL's connections
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a confirm that deadlocks with another transaction answers 503 and records nothing; sent again, it records once (PostgreSQL)',
    async () => {
      const c = await createCampaignVia(ctx, owner.token);
      const intent = (await startPayment(donor.token, c._id, 25)).body as StartedPayment;
      // Another transaction holds the campaign's row; the confirm's statement locks the payment
      // and waits for the row; then the other asks for the payment. Only one may go on:
      // PostgreSQL ends the confirm's.
      const res = await sendIntoALockCircle(
        ctx.database.db,
        (tx) => tx.execute(sql`update campaigns set updated_at = now() where id = ${c._id}`),
        () => confirm(donor.token, intent, card('4242424242424242')),
        (tx) =>
          tx.execute(
            sql`select 1 from payment_intents where id = ${intent.paymentIntentId} for update`,
          ),
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect(res.body.message).toContain('Please try again');
      expect(await ledger(c._id)).toEqual({ raised: 0, sum: 0, n: 0, intents: 0 });

      const again = await confirm(donor.token, intent, card('4242424242424242'));
      expect(again.status).toBe(200);
      expect(await ledger(c._id)).toEqual({ raised: 2500, sum: 2500, n: 1, intents: 1 });
    },
  );

  it('pausing while 30 donors confirm: no deadlock, each payment recorded, declined or refused as paused, none left open, the books exact', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 1000 });
    const donors = await Promise.all(Array.from({ length: 30 }, () => createUser(ctx.database.db)));
    const intents = await Promise.all(
      donors.map(async (d) => ({ d, intent: (await startPayment(d.token, c._id, 10)).body })),
    );
    // the pause goes in the middle of the confirmations, a third of them with a card that is
    // declined: it closes every open payment, those being confirmed included
    const confirms = intents.map(({ d, intent }, i) =>
      confirm(d.token, intent, card(i % 3 === 0 ? '4000000000000002' : '4242424242424242')),
    );
    const paused = await togglePauseVia(ctx, owner.token, c._id);
    const results = await Promise.all(confirms);
    expect(paused.body).toEqual({ paused: true });
    for (const res of results) {
      if (res.status === 402) expectError(res, 402, 'card_declined');
      else if (res.status !== 200) expectError(res, 409, 'CAMPAIGN_PAUSED');
    }
    const recorded = results.filter((r) => r.status === 200).length;
    expect(await ledger(c._id)).toEqual({
      raised: recorded * 1000,
      sum: recorded * 1000,
      n: recorded,
      intents: recorded,
    });
    // nothing left open on the paused campaign: every payment is recorded or closed
    const byStatus = await intentsOf(c._id);
    expect(byStatus.succeeded?.n ?? 0).toBe(recorded);
    expect(byStatus.canceled?.n ?? 0).toBe(30 - recorded);
    expect(byStatus.requires_payment_method).toBeUndefined();
  });

  it('a donor starting a new payment while their open one is being paid: never more held than the maximum', async () => {
    // on 15 campaigns at once, each donor's payment of 50 (of 100) is confirmed while the same
    // donor starts one of 100 there, which replaces it if it is still open
    const rounds = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 100 });
        const d = await createUser(ctx.database.db);
        const first = (await startPayment(d.token, c._id, 50)).body;
        const [paid, second] = await Promise.all([
          confirm(d.token, first, card('4242424242424242')),
          startPayment(d.token, c._id, 100),
        ]);
        return { c, paid, second };
      }),
    );
    for (const { c, paid, second } of rounds) {
      expect([paid.status, second.status].every((status) => status < 500)).toBe(true);
      const { raised } = await ledger(c._id);
      const open = (await intentsOf(c._id)).requires_payment_method?.cents ?? 0;
      expect(raised + open).toBeLessThanOrEqual(10000);
      // either the first was paid (and the second refused: 50 remain) or replaced (and refused)
      if (paid.status === 200) expect(second.status).toBe(400);
      else expectError(paid, 409, 'PAYMENT_CANCELED');
    }
  });

  it.each(['the owner pauses', 'an admin removes'])(
    '30 donors replacing their payments while %s the campaign: no deadlock, none left open',
    async (action) => {
      const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 1000 });
      const donors = await Promise.all(
        Array.from({ length: 30 }, async () => {
          const d = await createUser(ctx.database.db);
          expect((await startPayment(d.token, c._id, 10)).status).toBe(200);
          return d;
        }),
      );
      const replacing = donors.map((d) => startPayment(d.token, c._id, 11));
      const closed =
        action === 'the owner pauses'
          ? await togglePauseVia(ctx, owner.token, c._id)
          : await ctx.request(`/api/admin/donation-campaigns/${c._id}`, {
              method: 'DELETE',
              token: admin.token,
            });
      const answers = await Promise.all(replacing);
      expect(closed.status).toBe(200);
      for (const res of answers) {
        if (res.status !== 200) expect([404, 409]).toContain(res.status);
      }
      expect((await intentsOf(c._id)).requires_payment_method).toBeUndefined();
    },
  );

  it('lowering the maximum while 30 donors start payments and others pay: never more held than the maximum', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 400 });
    const donors = await Promise.all(Array.from({ length: 30 }, () => createUser(ctx.database.db)));
    const payers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const d = await createUser(ctx.database.db);
        return { d, intent: (await startPayment(d.token, c._id, 20)).body };
      }),
    );
    const started = donors.map((d) => startPayment(d.token, c._id, 10));
    const paid = payers.map(({ d, intent }) => confirm(d.token, intent, card('4242424242424242')));
    const lowered = await updateCampaignVia(ctx, owner.token, c._id, { maxDonationAmount: 250 });
    const answers = await Promise.all([...started, ...paid]);
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect((await Promise.all(paid)).every((r) => r.status === 200)).toBe(true);
    // the lower maximum was taken if what was held then fitted under it, refused otherwise
    const max = lowered.status === 200 ? 25000 : 40000;
    if (lowered.status !== 200) expect(lowered.body.issues[0].path).toBe('json.maxDonationAmount');
    const byStatus = await intentsOf(c._id);
    const { raised } = await ledger(c._id);
    expect(raised).toBe(5 * 2000);
    expect(raised + (byStatus.requires_payment_method?.cents ?? 0)).toBeLessThanOrEqual(max);
  });

  it('50 donors at once on a campaign with room for 40: exactly 40 paid, raised == sum, nothing twice', async () => {
    const c = await createCampaignVia(ctx, owner.token, { maxDonationAmount: 400 });
    const donors = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createUser(ctx.database.db, { name: `Donor ${i}` })),
    );

    const started = await Promise.all(donors.map((d) => startPayment(d.token, c._id, 10)));
    const accepted = started.flatMap((res, i) =>
      res.status === 200 ? [{ d: donors[i]!, intent: res.body }] : [],
    );
    expect(accepted).toHaveLength(40);
    expect(
      started.filter((r) => r.status !== 200).every((r) => r.status === 409 || r.status === 400),
    ).toBe(true);
    expect(started.some((r) => r.status >= 500)).toBe(false);

    // Every donor confirms four times at once (double clicks), and reports the payment after two
    // of them (as the dialog does with Stripe).
    const perPayment = await Promise.all(
      accepted.map(async ({ d, intent }) => {
        const body = { donationId: c._id, amount: 10, paymentIntentId: intent.paymentIntentId };
        const confirms: TestResponse[] = [];
        const reports: TestResponse[] = [];
        const confirmOnce = () =>
          confirm(d.token, intent, card('4242424242424242')).then((res) => {
            confirms.push(res);
          });
        const confirmAndReport = () =>
          confirmOnce().then(() => record(d.token, body).then((res) => void reports.push(res)));
        await Promise.all([confirmOnce(), confirmOnce(), confirmAndReport(), confirmAndReport()]);
        return { confirms, reports };
      }),
    );
    for (const { confirms, reports } of perPayment) {
      expect([...confirms, ...reports].every((r) => r.status === 200)).toBe(true);
      // one confirm recorded it; the others and the reports answer that it was
      expect(confirms.filter((r) => r.body?.created === true)).toHaveLength(1);
      expect(reports.every((r) => r.body?.created === false)).toBe(true);
    }

    expect(await ledger(c._id)).toEqual({ raised: 40000, sum: 40000, n: 40, intents: 40 });
    expect(await receipts(c._id)).toEqual({ mails: 40, missing: 0 });
    const details = await ctx.request(`/api/donations/${c._id}`);
    expect(details.body.donatedAmount).toBe(400);
    const donators = await ctx.request(`/api/donations/${c._id}/donators?limit=100`, {
      token: owner.token,
    });
    expect(donators.headers.get('X-Total-Count')).toBe('40');
    expect(donators.body).toHaveLength(40);
    // The 10 refused donors get a clear refusal now that it is full.
    const late = await startPayment(donors[0]!.token, c._id, 10);
    expectError(late, 409, 'CAMPAIGN_FULL');
  });
});
