import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app';

/** A card of the test provider: 4242 4242 4242 4242 succeeds; `extra` overrides a field. */
export const testCard = (
  cardNumber = '4242 4242 4242 4242',
  extra: Record<string, unknown> = {},
) => ({
  cardNumber,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  ...extra,
});

export interface StartedPayment {
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * The payment steps a donor's browser takes, and what the database says of them, bound to one
 * test app: `const { startPayment, confirm, record, ledger } = paymentsVia(ctx);`.
 */
export function paymentsVia(ctx: Pick<TestContext, 'request' | 'database'>) {
  return {
    /** POST /api/create-payment, as the donate dialog sends it. */
    startPayment: (token: string | undefined, campaignId: string, amount: unknown) =>
      ctx.request('/api/create-payment', {
        token,
        json: { donationAmount: amount, donationCampaignId: campaignId },
      }),

    /** POST /api/test-payments/{id}/confirm: paying an intent on the test provider's card form. */
    confirm: (token: string | undefined, intent: StartedPayment, card: object = testCard()) =>
      ctx.request(`/api/test-payments/${intent.paymentIntentId}/confirm`, {
        token,
        json: { clientSecret: intent.clientSecret, ...card },
      }),

    /** POST /api/donations/record: the browser reporting a payment it made. */
    record: (token: string | undefined, body: object) =>
      ctx.request('/api/donations/record', { token, json: body }),

    /**
     * What the raised amount must always equal, straight from the database: the campaign's
     * raised cents, the sum and count of its donations and how many payment intents they came from.
     */
    async ledger(campaignId: string) {
      const rows = await ctx.database.db.execute(sql`
        select c.raised_cents as raised,
          (select coalesce(sum(amount_cents), 0)::int from donations d where d.campaign_id = c.id) as sum,
          (select count(*)::int from donations d where d.campaign_id = c.id) as n,
          (select count(distinct payment_intent_id)::int from donations d where d.campaign_id = c.id) as intents
        from campaigns c where c.id = ${campaignId}`);
      type Row = { raised: number; sum: number; n: number; intents: number };
      return (rows as unknown as { rows: Row[] }).rows[0]!;
    },

    /**
     * Receipt mails written for the campaign's payments (found by the payment reference they
     * print, so a receipt of a payment that did not become a donation counts too), and donations
     * on the campaign that have none. Each donation has exactly one: its receipt is written with it.
     */
    async receipts(campaignId: string) {
      const rows = await ctx.database.db.execute(sql`
        select
          (select count(*)::int from mail_outbox m join payment_intents p
             on m.text_body like '%Payment reference: ' || p.id || '%'
           where m.kind = 'donation-receipt' and p.campaign_id = ${campaignId}) as mails,
          (select count(*)::int from donations d where d.campaign_id = ${campaignId}
             and not exists (select 1 from mail_outbox m where m.kind = 'donation-receipt'
               and m.text_body like '%/dashboard/receipts/' || d.id::text || '%')) as missing`);
      type Row = { mails: number; missing: number };
      return (rows as unknown as { rows: Row[] }).rows[0]!;
    },

    /** Lets the reservation of one payment intent lapse (its expiry a minute ago). */
    async expireIntent(intentId: string) {
      await ctx.database.db.execute(
        sql`update payment_intents set expires_at = now() - interval '1 minute' where id = ${intentId}`,
      );
    },
  };
}
