import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia, donateVia } from '../../../test/helpers/campaigns';
import { MISSING_ID } from '../../../test/helpers/factories';
import { paymentsVia } from '../../../test/helpers/payments';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

// Receipts: a mail written with the donation, and the same receipt for its donor only.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url }));
const { organiser, donor, stranger, admin } = useUsers(ctx, {
  organiser: { name: 'Olga Organiser' },
  donor: { name: 'Dana Donor' },
  stranger: { name: 'Sam Stranger' },
  admin: { name: 'Ada Admin', role: 'admin' },
});

const receiptOf = (id: string, token?: string) =>
  ctx.request(`/api/user/donations/${id}/receipt`, { token });

async function myDonationIds(token: string): Promise<string[]> {
  const res = await ctx.request('/api/user/donations?limit=50', { token });
  return res.body.map((d: { _id: string }) => d._id);
}

describe('donation receipts', () => {
  it('mails the donor a receipt when the donation is recorded, and shows the same one to them', async () => {
    const campaign = await createCampaignVia(ctx, organiser.token, { petName: 'Biscuit' });
    const { intent } = await donateVia(ctx, donor.token, campaign._id, 12.5);
    const [id] = await myDonationIds(donor.token);

    const res = await receiptOf(id!, donor.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: id,
      amount: 12.5,
      currency: 'USD',
      campaignId: campaign._id,
      petName: 'Biscuit',
      organiser: 'Olga Organiser',
      donorName: 'Dana Donor',
      donorEmail: donor.email,
      paymentReference: intent.paymentIntentId,
      provider: 'test',
      testMode: true,
      refunded: false,
    });
    expect(res.body.number).toMatch(/^PH-\d{6}$/);

    await ctx.deps.mailer.deliverDue();
    const mails = smtp.to(donor.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.parsed.subject).toBe(`Your receipt ${res.body.number}: 12.50 USD for Biscuit`);
    for (const line of [
      `Receipt number: ${res.body.number}`,
      'Amount: 12.50 USD',
      'Campaign: Biscuit, organised by Olga Organiser',
      `Payment reference: ${intent.paymentIntentId}`,
      'Test mode: this payment was taken by the test provider and no money moved.',
      `See and print the receipt: http://localhost:3000/dashboard/receipts/${id}`,
    ]) {
      expect(mail.parsed.text).toContain(line);
    }
    expect(mail.parsed.html).toContain(res.body.number);
    // receipts are not notifications: no unsubscribe
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
  });

  it('writes one receipt however often the payment is reported', async () => {
    const campaign = await createCampaignVia(ctx, organiser.token);
    const { intent } = await donateVia(ctx, donor.token, campaign._id, 5);
    const { record } = paymentsVia(ctx);
    for (let i = 0; i < 3; i += 1) {
      const again = await record(donor.token, {
        donationId: campaign._id,
        paymentIntentId: intent.paymentIntentId,
        amount: 5,
      });
      expect(again.status).toBe(200);
    }
    await ctx.deps.mailer.deliverDue();
    const forThis = smtp
      .to(donor.email)
      .filter((m) => m.parsed.text?.includes(intent.paymentIntentId));
    expect(forThis).toHaveLength(1);
  });

  it('numbers receipts in the order donations are recorded', async () => {
    const campaign = await createCampaignVia(ctx, organiser.token);
    await donateVia(ctx, donor.token, campaign._id, 1);
    await donateVia(ctx, donor.token, campaign._id, 2);
    const [newer, older] = await myDonationIds(donor.token);
    const a = Number((await receiptOf(older!, donor.token)).body.number.slice(3));
    const b = Number((await receiptOf(newer!, donor.token)).body.number.slice(3));
    expect(b).toBe(a + 1);
  });

  it("shows nobody else a donor's receipt: 404 as if it did not exist", async () => {
    const [id] = await myDonationIds(donor.token);
    for (const token of [stranger.token, organiser.token, admin.token]) {
      const res = await receiptOf(id!, token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await receiptOf(id!)).status).toBe(401);
    expect((await receiptOf(MISSING_ID, donor.token)).status).toBe(404);
    const bad = await receiptOf('not-an-id', donor.token);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('param.id');
  });
});
