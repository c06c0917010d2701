import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../test/helpers/smtp-peer';
import { cookiesOf, signUp, SITE_ORIGIN } from '../../test/helpers/sessions';
import { useTestContext } from '../../test/helpers/test-app';

// Sign in with an e-mail link, through a real SMTP server.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '1000' }));
afterEach(() => {
  vi.useRealTimers();
});

const askLink = (email: string) =>
  ctx.request('/api/auth/sign-in/magic-link', {
    json: { email, callbackURL: '/dashboard', errorCallbackURL: '/login' },
    headers: { origin: SITE_ORIGIN },
  });

const linkMails = (email: string) =>
  smtp.to(email).filter((m) => m.parsed.subject === 'Your Pet Haven sign-in link');

async function mailedLink(email: string): Promise<URL> {
  await ctx.deps.mailer.deliverDue();
  const mail = linkMails(email).at(-1);
  if (!mail) throw new Error(`no sign-in link mailed to ${email}`);
  return new URL(
    /http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?\S+/.exec(mail.parsed.text!)![0],
  );
}

const open = (link: URL) => ctx.request(`${link.pathname}${link.search}`);
const landing = (res: { headers: Headers }) => new URL(res.headers.get('location')!, SITE_ORIGIN);

describe('sign in with an e-mail link', () => {
  it('answers the same for any e-mail and mails only an existing account', async () => {
    const user = await signUp(ctx);
    const known = await askLink(user.email);
    const unknown = await askLink('nobody-at-all@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await ctx.deps.mailer.deliverDue();
    expect(smtp.to('nobody-at-all@example.com')).toHaveLength(0);
    expect(linkMails(user.email)).toHaveLength(1);
    expect(linkMails(user.email)[0]!.parsed.html).toContain('Sign in to Pet Haven');
  });

  it('signs in once with the link, verifying the address, then refuses it', async () => {
    const user = await signUp(ctx);
    await askLink(user.email);
    const link = await mailedLink(user.email);
    const opened = await open(link);
    expect(opened.status).toBe(302);
    expect(landing(opened).pathname).toBe('/dashboard');
    const session = await ctx.request('/api/auth/get-session', {
      headers: { cookie: cookiesOf(opened) },
    });
    expect(session.body.user).toMatchObject({ email: user.email, emailVerified: true });

    const again = await open(link);
    expect(landing(again).pathname).toBe('/login');
    expect(landing(again).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(cookiesOf(again)).not.toContain('session_token=');
  });

  it('refuses a link older than 15 minutes', async () => {
    const user = await signUp(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await askLink(user.email);
    const late = await mailedLink(user.email);
    await askLink(user.email);
    const inTime = await mailedLink(user.email);
    vi.setSystemTime(start + 14 * 60_000);
    expect(landing(await open(inTime)).pathname).toBe('/dashboard');
    vi.setSystemTime(start + 16 * 60_000);
    expect(landing(await open(late)).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('is no reset token, and a reset token is no sign-in link', async () => {
    const user = await signUp(ctx);
    await askLink(user.email);
    const link = await mailedLink(user.email);
    const asReset = await ctx.request('/api/auth/reset-password', {
      json: { token: link.searchParams.get('token'), newPassword: 'Brand-new1' },
      headers: { origin: SITE_ORIGIN },
    });
    expect(asReset.body.code).toBe('INVALID_TOKEN');

    await ctx.request('/api/auth/request-password-reset', {
      json: { email: user.email, redirectTo: '/reset-password' },
      headers: { origin: SITE_ORIGIN },
    });
    await ctx.deps.mailer.deliverDue();
    const resetText = smtp.to(user.email).at(-1)!.parsed.text!;
    const resetToken = /reset-password\/([^?\s]+)/.exec(resetText)![1]!;
    const crossed = new URL(link);
    crossed.searchParams.set('token', resetToken);
    expect(landing(await open(crossed)).searchParams.get('error')).toBe('INVALID_TOKEN');
    // the real link still works
    expect(landing(await open(link)).pathname).toBe('/dashboard');
  });

  it('mails one address at most 3 links an hour', async () => {
    const user = await signUp(ctx);
    for (let i = 0; i < 5; i += 1) expect((await askLink(user.email)).status).toBe(200);
    await ctx.deps.mailer.deliverDue();
    expect(linkMails(user.email)).toHaveLength(3);
  });
});
