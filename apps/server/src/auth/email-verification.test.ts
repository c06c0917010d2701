import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addPetVia, petBody } from '../../test/helpers/pets';
import { uploadPicture } from '../../test/helpers/pictures';
import { startSmtpPeer, type SmtpPeer } from '../../test/helpers/smtp-peer';
import { cookiesOf, requestToken, signUp, SITE_ORIGIN } from '../../test/helpers/sessions';
import { useTestContext, useUsers } from '../../test/helpers/test-app';
import { daysFromToday } from '../../test/helpers/campaigns';

// E-mail verification (decision 032), through a real SMTP server.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
const CHIEF = 'chief@example.com';
const DEPUTY = 'deputy@example.com';
const ctx = useTestContext(() => ({
  SMTP_URL: smtp.url,
  AUTH_RATE_LIMIT_MAX: '1000',
  ADMIN_EMAILS: `${CHIEF}, ${DEPUTY}`,
}));
const { owner } = useUsers(ctx, { owner: { name: 'Olive Owner' } });
afterEach(() => {
  vi.useRealTimers();
});

/** The verification link of the newest message to `email` (the outbox delivered first). */
async function verificationLink(email: string): Promise<URL> {
  await ctx.deps.mailer.deliverDue();
  const mail = smtp.to(email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = mail.parsed.text?.match(
    /http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/,
  )?.[0];
  if (!link) throw new Error(`no verification link in ${mail.parsed.text}`);
  return new URL(link);
}

/** A new account, signed up over HTTP, with a bearer token for the API. */
async function newAccount() {
  const account = await signUp(ctx);
  const token = (await requestToken(ctx, account.cookie)).body.token as string;
  return { ...account, token };
}

const open = (link: URL, cookie?: string) =>
  ctx.request(`${link.pathname}${link.search}`, { headers: cookie ? { cookie } : {} });

const landing = (res: { headers: Headers }) => new URL(res.headers.get('location')!, SITE_ORIGIN);

/** The three actions that need a verified address, as `account` would try them. */
async function tryEverything(token: string) {
  const picture = await uploadPicture(ctx, token);
  const pet = await ctx.request('/api/add-pet', { token, json: petBody(picture) });
  const campaign = await ctx.request('/api/create-donation-campaigns', {
    token,
    json: {
      petName: 'Biscuit',
      petPicture: picture,
      maxDonationAmount: 500,
      lastDate: daysFromToday(30),
      shortDescription: 'Surgery',
      longDescription: 'A knee operation.',
    },
  });
  const ownersPet = await addPetVia(ctx, owner.token);
  const adoption = await ctx.request('/api/adoption-requests', {
    token,
    json: { petId: ownersPet._id, phone: '+880 1711-000000', address: '12 Lake Road' },
  });
  return [pet, campaign, adoption];
}

describe('e-mail verification', () => {
  it('mails a link at sign-up; until it is opened the account may browse but not list, create or ask', async () => {
    const account = await newAccount();
    const [mail] = (await ctx.deps.mailer.deliverDue(), smtp.to(account.email));
    expect(mail!.parsed.subject).toBe('Confirm your e-mail address for Pet Haven');
    expect(mail!.parsed.html).toContain('Confirm my e-mail address');

    expect((await ctx.request('/api/pets', { token: account.token })).status).toBe(200);
    for (const refused of await tryEverything(account.token)) {
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('EMAIL_NOT_VERIFIED');
    }
    const session = await ctx.request('/api/auth/get-session', {
      headers: { cookie: account.cookie },
    });
    expect(session.body.user.emailVerified).toBe(false);
  });

  it('verifies the address with the link, signs the user in, and lets them act', async () => {
    const account = await newAccount();
    const link = await verificationLink(account.email);
    expect(link.searchParams.get('callbackURL')).toBe('/email-verified');
    const opened = await open(link);
    expect(opened.status).toBe(302);
    expect(landing(opened).pathname).toBe('/email-verified');
    expect(landing(opened).searchParams.get('error')).toBeNull();
    // signed in by the link (another browser than the one that signed up)
    const session = await ctx.request('/api/auth/get-session', {
      headers: { cookie: cookiesOf(opened) },
    });
    expect(session.body.user).toMatchObject({ email: account.email, emailVerified: true });

    // the token taken before verifying works now: the account is read on every request
    for (const done of await tryEverything(account.token)) expect(done.status).toBe(201);
  });

  it('makes an address in ADMIN_EMAILS an admin only once its link is opened, and records it', async () => {
    // someone else may sign up first with the listed address: without the mailbox, no admin
    const account = await signUp(ctx, { email: CHIEF });
    expect(account.response.body.user.role).toBe('user');
    const token = (await requestToken(ctx, account.cookie)).body.token as string;
    expect((await ctx.request('/api/users', { token })).status).toBe(403);

    // opened in the browser that signed up (its session goes on: no new sign-in)
    const opened = await open(await verificationLink(CHIEF), account.cookie);
    expect(opened.status).toBe(302);
    const session = await ctx.request('/api/auth/get-session', {
      headers: { cookie: cookiesOf(opened) || account.cookie },
    });
    expect(session.body.user).toMatchObject({ email: CHIEF, emailVerified: true, role: 'admin' });
    expect((await ctx.request('/api/users', { token })).status).toBe(200);
    const audit = await ctx.database.db.query.auditLog.findMany();
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'user.promote',
        targetId: account.id,
        actorEmail: 'system:ADMIN_EMAILS',
      }),
    );
  });

  it('does not make an admin of an account someone else made with a listed address when its owner opens the link', async () => {
    // an impostor signs up first with the deputy's address; the link goes to the deputy, who
    // opens it in their own browser (no session of that account)
    const impostor = await signUp(ctx, { email: DEPUTY });
    const opened = await open(await verificationLink(DEPUTY));
    expect(opened.status).toBe(302);
    const roleAfterLink = await ctx.request('/api/auth/get-session', {
      headers: { cookie: impostor.cookie },
    });
    expect(roleAfterLink.body.user).toMatchObject({ emailVerified: true, role: 'user' });
    // nor does the impostor's password make one later
    const signIn = await ctx.request('/api/auth/sign-in/email', {
      json: { email: DEPUTY, password: impostor.password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.role).toBe('user');
    const token = (await requestToken(ctx, cookiesOf(signIn))).body.token as string;
    expect((await ctx.request('/api/users', { token })).status).toBe(403);
  });

  it('sends another link on request, to the verification page whatever the caller asked, at most 5 an hour', async () => {
    const account = await newAccount();
    await ctx.deps.mailer.deliverDue();
    const resend = () =>
      ctx.request('/api/auth/send-verification-email', {
        json: { email: account.email, callbackURL: 'https://evil.example/' },
        headers: { origin: SITE_ORIGIN },
      });
    expect((await resend()).status).toBe(403); // a callback off the site is refused
    const again = () =>
      ctx.request('/api/auth/send-verification-email', {
        json: { email: account.email, callbackURL: '/dashboard' },
        headers: { origin: SITE_ORIGIN },
      });
    for (let i = 0; i < 6; i += 1) expect((await again()).status).toBe(200);
    await ctx.deps.mailer.deliverDue();
    // the sign-up mail and 4 more: 5 in the hour
    expect(smtp.to(account.email)).toHaveLength(5);
    const link = await verificationLink(account.email);
    expect(link.searchParams.get('callbackURL')).toBe('/email-verified');
  });

  it('refuses a changed or expired link, and a reset token as a verification token', async () => {
    const account = await newAccount();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const link = await verificationLink(account.email);

    const changed = new URL(link);
    changed.searchParams.set('token', `${link.searchParams.get('token')}x`);
    expect(landing(await open(changed)).searchParams.get('error')).toBe('INVALID_TOKEN');

    await ctx.request('/api/auth/request-password-reset', {
      json: { email: account.email, redirectTo: '/reset-password' },
      headers: { origin: SITE_ORIGIN },
    });
    await ctx.deps.mailer.deliverDue();
    const resetText = smtp.to(account.email).at(-1)!.parsed.text!;
    const resetToken = /reset-password\/([^?\s]+)/.exec(resetText)![1]!;
    const crossed = new URL(link);
    crossed.searchParams.set('token', resetToken);
    expect(landing(await open(crossed)).searchParams.get('error')).toBe('INVALID_TOKEN');
    // and the verification token is no reset token
    const reset = await ctx.request('/api/auth/reset-password', {
      json: { token: link.searchParams.get('token'), newPassword: 'Brand-new1' },
      headers: { origin: SITE_ORIGIN },
    });
    expect(reset.body.code).toBe('INVALID_TOKEN');

    vi.setSystemTime(start + 25 * 60 * 60_000);
    expect(landing(await open(link)).searchParams.get('error')).toBe('TOKEN_EXPIRED');
    const session = await ctx.request('/api/auth/get-session', {
      headers: { cookie: account.cookie },
    });
    expect(session.body.user.emailVerified).toBe(false);
  });
});
