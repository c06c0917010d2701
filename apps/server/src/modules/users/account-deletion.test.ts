import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia, donateVia } from '../../../test/helpers/campaigns';
import { sendIntoALockCircle } from '../../../test/helpers/lock-waits';
import { addPetVia } from '../../../test/helpers/pets';
import { paymentsVia } from '../../../test/helpers/payments';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { cookiesOf, requestToken, signUp, SITE_ORIGIN } from '../../../test/helpers/sessions';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

// Delete my account: by password or by a mailed link; what goes and what stays.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '1000' }));
const { neighbour, admin } = useUsers(ctx, {
  neighbour: { name: 'Nora Neighbour' },
  admin: { name: 'Ada Admin', role: 'admin' },
});

/** A signed-up account with a verified address and an API token. */
async function member() {
  const account = await signUp(ctx);
  await ctx.deps.mailer.deliverDue();
  const text = smtp.to(account.email).at(-1)!.parsed.text!;
  const link = new URL(/http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/.exec(text)![0]);
  await ctx.request(`${link.pathname}${link.search}`);
  const token = (await requestToken(ctx, account.cookie)).body.token as string;
  return { ...account, token };
}

const deleteUser = (cookie: string, json: unknown) =>
  ctx.request('/api/auth/delete-user', { json, headers: { cookie, origin: SITE_ORIGIN } });

const signIn = (email: string, password: string) =>
  ctx.request('/api/auth/sign-in/email', { json: { email, password } });

describe('deleting an account', () => {
  it('removes pets and requests, archives campaigns holding money, keeps donations as a deleted user’s', async () => {
    const leaving = await member();
    const pet = await addPetVia(ctx, leaving.token, { petName: 'Gone Pet' });
    const requestForIt = await ctx.request('/api/adoption-requests', {
      token: neighbour.token,
      json: { petId: pet._id, phone: '555-0101', address: '1 Elm Street' },
    });
    expect(requestForIt.status).toBe(201);
    const neighboursPet = await addPetVia(ctx, neighbour.token, { petName: 'Stays' });
    await ctx.request('/api/adoption-requests', {
      token: leaving.token,
      json: { petId: neighboursPet._id, phone: '555-0102', address: '2 Elm Street' },
    });
    const funded = await createCampaignVia(ctx, leaving.token, { petName: 'Funded' });
    await donateVia(ctx, neighbour.token, funded._id, 20);
    const empty = await createCampaignVia(ctx, leaving.token, { petName: 'Empty' });
    const neighboursCampaign = await createCampaignVia(ctx, neighbour.token, {
      petName: 'Shelter',
    });
    await donateVia(ctx, leaving.token, neighboursCampaign._id, 15);

    const deleted = await deleteUser(leaving.cookie, { password: leaving.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('User deleted');
    await ctx.deps.mailer.deliverDue();
    expect(smtp.to(leaving.email).map((m) => m.parsed.subject)).not.toContain(
      'Confirm that you want to delete your Pet Haven account',
    );

    // the account: no sign-in, no session, no API token
    expect((await signIn(leaving.email, leaving.password)).status).toBe(401);
    expect(
      (await ctx.request('/api/auth/get-session', { headers: { cookie: leaving.cookie } })).body,
    ).toBeNull();
    expect((await ctx.request('/api/user/export', { token: leaving.token })).status).toBe(401);
    // pets and requests gone
    expect((await ctx.request(`/api/pets/${pet._id}`)).status).toBe(404);
    const neighboursRequests = await ctx.request('/api/user/my-adoption-requests', {
      token: neighbour.token,
    });
    expect(neighboursRequests.body.map((r: { petName: string }) => r.petName)).not.toContain(
      'Gone Pet',
    );
    const onNeighboursPet = await ctx.request('/api/user/adoption-requests', {
      token: neighbour.token,
    });
    expect(onNeighboursPet.body).toHaveLength(0);
    // the campaign with money is archived, the donor keeps their donation; the empty one is gone
    expect((await ctx.request(`/api/donations/${empty._id}`, { token: admin.token })).status).toBe(
      404,
    );
    const mine = await ctx.request('/api/user/donations', { token: neighbour.token });
    expect(mine.body.map((d: { petName: string }) => d.petName)).toEqual(
      expect.arrayContaining(['Funded']),
    );
    const { ledger } = paymentsVia(ctx);
    expect(await ledger(funded._id)).toMatchObject({ raised: 2000, sum: 2000, n: 1 });
    // their donation to someone else's campaign stays, as a deleted user's
    const donators = await ctx.request(`/api/donations/${neighboursCampaign._id}/donators`, {
      token: neighbour.token,
    });
    expect(donators.body).toEqual([expect.objectContaining({ name: 'Deleted user', amount: 15 })]);
    expect(await ledger(neighboursCampaign._id)).toMatchObject({ raised: 1500, sum: 1500, n: 1 });
    // and the audit log says so
    const audit = await ctx.request('/api/admin/audit-log?limit=50', { token: admin.token });
    const entry = audit.body.find(
      (e: { action: string; targetId: string }) =>
        e.action === 'user.delete' && e.targetId === leaving.id,
    );
    expect(entry).toMatchObject({
      before: { email: leaving.email, petsDeleted: 1, campaignsArchived: 1, campaignsDeleted: 1 },
    });
  });

  it('refuses an empty password (400 naming it) and deletes nothing', async () => {
    const staying = await member();
    const pet = await addPetVia(ctx, staying.token);
    const refused = await deleteUser(staying.cookie, { password: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe('json.password');
    expect((await ctx.request(`/api/pets/${pet._id}`)).status).toBe(200);
    expect((await signIn(staying.email, staying.password)).status).toBe(200);
  });

  it('refuses a wrong password and deletes nothing', async () => {
    const staying = await member();
    const pet = await addPetVia(ctx, staying.token);
    const refused = await deleteUser(staying.cookie, { password: 'Not-mine-1' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVALID_PASSWORD');
    expect((await ctx.request(`/api/pets/${pet._id}`)).status).toBe(200);
    expect((await signIn(staying.email, staying.password)).status).toBe(200);
  });

  it('by a mailed link instead of the password: confirmed on the site while signed in, once', async () => {
    const leaving = await member();
    const asked = await deleteUser(leaving.cookie, {});
    expect(asked.status).toBe(200);
    await ctx.deps.mailer.deliverDue();
    const mail = smtp.to(leaving.email).at(-1)!;
    expect(mail.parsed.subject).toBe('Confirm that you want to delete your Pet Haven account');
    expect((await signIn(leaving.email, leaving.password)).status).toBe(200);
    // the link opens the site's page, which asks for a click: opening it deletes nothing
    const link = new URL(
      /http:\/\/localhost:3000\/delete-account\?\S+/.exec(mail.parsed.text!)![0],
    );
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[0-9a-z]{32}$/);

    // a token of this flow is no reset token
    const asReset = await ctx.request('/api/auth/reset-password', {
      json: { token, newPassword: 'Brand-new1' },
      headers: { origin: SITE_ORIGIN },
    });
    expect(asReset.body.code).toBe('INVALID_TOKEN');

    // signed out, the token deletes nothing (the page sends its user to sign in first)
    const signedOut = await ctx.request('/api/auth/delete-user', {
      json: { token },
      headers: { origin: SITE_ORIGIN },
    });
    expect(signedOut.status).toBe(401);
    // nor does Better Auth's own callback, which deleted on opening: disabled
    const callback = await ctx.request(`/api/auth/delete-user/callback?token=${token}`, {
      headers: { cookie: leaving.cookie },
    });
    expect(callback.status).toBe(404);
    // another account's click is refused and leaves the link to its owner
    const other = await member();
    const notTheirs = await deleteUser(other.cookie, { token });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.code).toBe('NOT_FOUND');
    expect((await signIn(other.email, other.password)).status).toBe(200);
    expect((await signIn(leaving.email, leaving.password)).status).toBe(200);

    const confirmed = await deleteUser(cookiesOf(await signIn(leaving.email, leaving.password)), {
      token,
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn(leaving.email, leaving.password)).status).toBe(401);

    // once: spent, it deletes no other account either
    const again = await deleteUser(other.cookie, { token });
    expect(again.status).toBe(404);
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  // PGlite runs one transaction at a time: a deadlock needs PostgreSQL's connections
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a deletion that deadlocks with a payment of the account answers 503 and leaves the account whole; sent again, it deletes (PostgreSQL)',
    async () => {
      const leaving = await member();
      const pet = await addPetVia(ctx, leaving.token, { petName: 'Still Here' });
      const shelter = await createCampaignVia(ctx, neighbour.token, { petName: 'Shelter' });
      const started = await paymentsVia(ctx).startPayment(leaving.token, shelter._id, 10);
      expect(started.status).toBe(200);
      const paymentId = started.body.paymentIntentId as string;
      // Another transaction holds the payment (as recording it does); the deletion removes the
      // user row and waits to unname the payment; then the other asks for the user row (as a
      // donation naming its donor does). PostgreSQL ends the deletion.
      const res = await sendIntoALockCircle(
        ctx.database.db,
        (tx) => tx.execute(sql`select 1 from payment_intents where id = ${paymentId} for update`),
        () => deleteUser(leaving.cookie, { password: leaving.password }),
        (tx) => tx.execute(sql`select 1 from "user" where id = ${leaving.id} for key share`),
      );
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      // all or nothing: the account, its session and its pet are all still there
      expect((await signIn(leaving.email, leaving.password)).status).toBe(200);
      expect((await ctx.request(`/api/pets/${pet._id}`, { token: leaving.token })).status).toBe(
        200,
      );

      const again = await deleteUser(leaving.cookie, { password: leaving.password });
      expect(again.status).toBe(200);
      expect((await signIn(leaving.email, leaving.password)).status).toBe(401);
      expect((await ctx.request(`/api/pets/${pet._id}`, { token: neighbour.token })).status).toBe(
        404,
      );
    },
  );
});
