import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia, donateVia } from '../../../test/helpers/campaigns';
import { addPetVia } from '../../../test/helpers/pets';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { cookiesOf, requestToken, signUp, SITE_ORIGIN } from '../../../test/helpers/sessions';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';

// The profile's account actions: download my data, change e-mail, change password, sessions.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '1000' }));
const { owner, other } = useUsers(ctx, {
  owner: { name: 'Olive Owner' },
  other: { name: 'Oscar Other' },
});

const auth = (path: string, cookie: string, json: unknown) =>
  ctx.request(`/api/auth${path}`, { json, headers: { cookie, origin: SITE_ORIGIN } });

const signIn = (email: string, password: string) =>
  ctx.request('/api/auth/sign-in/email', { json: { email, password } });

/** A signed-up account whose address is verified (through its mailed link). */
async function verifiedAccount() {
  const account = await signUp(ctx);
  await ctx.deps.mailer.deliverDue();
  const text = smtp.to(account.email).at(-1)!.parsed.text!;
  const link = new URL(/http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/.exec(text)![0]);
  await ctx.request(`${link.pathname}${link.search}`);
  return account;
}

describe('download my data', () => {
  it("holds the caller's account, pets, requests, campaigns and donations, and nobody else's", async () => {
    const pet = await addPetVia(ctx, owner.token, { petName: 'Pepper' });
    const othersPet = await addPetVia(ctx, other.token, { petName: 'Not Mine' });
    const request = await ctx.request('/api/adoption-requests', {
      token: owner.token,
      json: {
        petId: othersPet._id,
        phone: '555-0101',
        address: '1 Elm Street',
        answers: { garden: 'yes' },
      },
    });
    await ctx.request(`/api/adoption-requests/${request.body._id}/messages`, {
      token: owner.token,
      json: { body: 'May I visit?' },
    });
    // the other party's message is theirs, not the caller's
    await ctx.request(`/api/adoption-requests/${request.body._id}/messages`, {
      token: other.token,
      json: { body: 'Of course.' },
    });
    await ctx.request('/api/user/saved-searches', {
      token: owner.token,
      json: { name: 'Cats', query: 'category=cat' },
    });
    await ctx.request(`/api/user/favourites/${othersPet._id}`, {
      method: 'PUT',
      token: owner.token,
    });
    const campaign = await createCampaignVia(ctx, owner.token, { petName: 'Biscuit' });
    await donateVia(ctx, owner.token, campaign._id, 7.25);

    const res = await ctx.request('/api/user/export', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pet-haven-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.body.account).toMatchObject({
      id: owner.id,
      email: owner.email,
      name: 'Olive Owner',
    });
    expect(res.body.pets.map((p: { id: string }) => p.id)).toEqual([pet._id]);
    expect(res.body.adoptionRequests).toEqual([
      expect.objectContaining({
        petName: 'Not Mine',
        phone: '555-0101',
        status: 'pending',
        answers: { garden: 'yes' },
      }),
    ]);
    expect(res.body.adoptionMessages).toEqual([
      expect.objectContaining({
        requestId: request.body._id,
        petName: 'Not Mine',
        body: 'May I visit?',
      }),
    ]);
    expect(res.body.favourites).toEqual([expect.objectContaining({ petName: 'Not Mine' })]);
    expect(res.body.savedSearches).toEqual([
      expect.objectContaining({ name: 'Cats', query: 'category=cat', alerts: true }),
    ]);
    expect(res.body.campaigns).toEqual([
      expect.objectContaining({ id: campaign._id, petName: 'Biscuit', donatedAmount: 7.25 }),
    ]);
    expect(res.body.donations).toEqual([
      expect.objectContaining({
        campaignId: campaign._id,
        amount: 7.25,
        receiptNumber: expect.stringMatching(/^PH-/),
      }),
    ]);
    expect(res.body.notifications).toEqual({
      'adoption-requests': true,
      'adoption-decisions': true,
      'adoption-messages': true,
      'campaign-updates': true,
      'pet-alerts': true,
    });

    const theirs = await ctx.request('/api/user/export', { token: other.token });
    expect(theirs.body.account.id).toBe(other.id);
    expect(JSON.stringify(theirs.body)).not.toContain('Pepper');
    expect(JSON.stringify(theirs.body)).not.toContain('555-0101');
    expect((await ctx.request('/api/user/export')).status).toBe(401);
  });
});

describe('change of e-mail', () => {
  it('mails the new address, and changes nothing until its link is opened', async () => {
    const account = await verifiedAccount();
    const newEmail = `moved-${account.id.slice(0, 6).toLowerCase()}@example.com`;
    const asked = await auth('/change-email', account.cookie, {
      newEmail,
      callbackURL: '/dashboard/profile',
    });
    expect(asked.status).toBe(200);
    await ctx.deps.mailer.deliverDue();
    const [mail] = smtp.to(newEmail);
    expect(mail!.parsed.subject).toBe('Confirm your new e-mail address for Pet Haven');
    expect((await signIn(account.email, account.password)).status).toBe(200);
    expect((await signIn(newEmail, account.password)).status).toBe(401);

    const link = new URL(
      /http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/.exec(mail!.parsed.text!)![0],
    );
    const opened = await ctx.request(`${link.pathname}${link.search}`);
    expect(new URL(opened.headers.get('location')!, SITE_ORIGIN).pathname).toBe('/email-verified');
    expect((await signIn(newEmail, account.password)).status).toBe(200);
    expect((await signIn(account.email, account.password)).status).toBe(401);
  });

  it('answers the same for an address another account has, and mails nobody', async () => {
    const account = await verifiedAccount();
    const before = smtp.received.length;
    const asked = await auth('/change-email', account.cookie, { newEmail: other.email });
    expect(asked.status).toBe(200);
    await ctx.deps.mailer.deliverDue();
    expect(smtp.received.length).toBe(before);
  });
});

describe('password and sessions', () => {
  it('changes the password only with the current one, by the sign-up rules, and can end the other sessions', async () => {
    const account = await signUp(ctx);
    const laptop = cookiesOf(await signIn(account.email, account.password));
    const wrong = await auth('/change-password', account.cookie, {
      currentPassword: 'Not-it-1',
      newPassword: 'Brand-new1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    const weak = await auth('/change-password', account.cookie, {
      currentPassword: account.password,
      newPassword: 'weakpass',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.issues[0].path).toBe('json.newPassword');

    const sessions = await ctx.request('/api/auth/list-sessions', {
      headers: { cookie: account.cookie },
    });
    expect(sessions.body).toHaveLength(2);

    const changed = await auth('/change-password', account.cookie, {
      currentPassword: account.password,
      newPassword: 'Brand-new1',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const laptopNow = await ctx.request('/api/auth/get-session', { headers: { cookie: laptop } });
    expect(laptopNow.body).toBeNull();
    expect((await signIn(account.email, 'Brand-new1')).status).toBe(200);
  });

  it('signs out every other device, keeping this one, and its API token with it', async () => {
    const account = await signUp(ctx);
    const phone = cookiesOf(await signIn(account.email, account.password));
    const phoneToken = (await requestToken(ctx, phone)).body.token as string;
    expect((await ctx.request('/api/user/notifications', { token: phoneToken })).status).toBe(200);
    const revoked = await auth('/revoke-other-sessions', account.cookie, {});
    expect(revoked.status).toBe(200);
    expect(
      (await ctx.request('/api/auth/get-session', { headers: { cookie: phone } })).body,
    ).toBeNull();
    expect((await ctx.request('/api/user/notifications', { token: phoneToken })).status).toBe(401);
    const here = await ctx.request('/api/auth/get-session', {
      headers: { cookie: account.cookie },
    });
    expect(here.body.user.email).toBe(account.email);
  });
});
