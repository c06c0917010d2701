import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../test/helpers/smtp-peer';
import { cookiesOf, signUp, SITE_ORIGIN } from '../../test/helpers/sessions';
import { useTestContext } from '../../test/helpers/test-app';

// Forgot password, end to end: the request, the mail over real SMTP, the link, the new password.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
// each test asks for a few links; the per-address limit of these requests has its own test
const ctx = useTestContext(() => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Pet Haven <help@pethaven.test>',
  AUTH_RATE_LIMIT_MAX: '1000',
}));
afterEach(() => {
  vi.useRealTimers();
});

const askReset = (email: string) =>
  ctx.request('/api/auth/request-password-reset', {
    json: { email, redirectTo: '/reset-password' },
    headers: { origin: SITE_ORIGIN },
  });

const setPassword = (token: string, newPassword: string) =>
  ctx.request('/api/auth/reset-password', {
    json: { token, newPassword },
    headers: { origin: SITE_ORIGIN },
  });

const signIn = (email: string, password: string) =>
  ctx.request('/api/auth/sign-in/email', { json: { email, password } });

/** The reset link of the newest message to `email`, delivered by the outbox worker first. */
async function mailedLink(email: string): Promise<URL> {
  await ctx.deps.mailer.deliverDue();
  const mail = resetMails(email).at(-1);
  if (!mail) throw new Error(`no reset mail to ${email}`);
  const link = mail.parsed.text?.match(
    /http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+/,
  )?.[0];
  if (!link) throw new Error(`no reset link in ${mail.parsed.text}`);
  return new URL(link);
}

/** The reset mails to `email` (sign-up also sends a verification mail). */
const resetMails = (email: string) =>
  smtp.to(email).filter((m) => m.parsed.subject === 'Reset your Pet Haven password');

const tokenOf = (link: URL) => link.pathname.split('/').at(-1)!;

describe('forgot password', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await signUp(ctx);
    const known = await askReset(user.email);
    const unknown = await askReset('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);

    await ctx.deps.mailer.deliverDue();
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
    expect(resetMails(user.email)).toHaveLength(1);
    const [mail] = resetMails(user.email);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('help@pethaven.test');
    expect(mail!.parsed.subject).toBe('Reset your Pet Haven password');
    // both parts, each with the link; security mail has no unsubscribe
    const link = (await mailedLink(user.email)).href;
    expect(mail!.parsed.text).toContain(link);
    expect(mail!.parsed.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail!.parsed.headers.has('list-unsubscribe')).toBe(false);
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);
  });

  it('lets the link set a new password once, by the sign-up rules, and ends every session', async () => {
    const user = await signUp(ctx);
    const otherDevice = cookiesOf(await signIn(user.email, user.password));
    await askReset(user.email);
    const link = await mailedLink(user.email);

    // the link opens the site's reset page with the token
    const opened = await ctx.request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    const page = new URL(opened.headers.get('location')!, SITE_ORIGIN);
    expect(page.pathname).toBe('/reset-password');
    const token = page.searchParams.get('token')!;
    expect(token).toBe(tokenOf(link));

    const weak = await setPassword(token, 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.body.issues.map((i: { path: string }) => i.path)).toEqual(['json.newPassword']);

    expect((await setPassword(token, 'Brand-new1')).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'Brand-new1')).status).toBe(200);
    for (const cookie of [user.cookie, otherDevice]) {
      const session = await ctx.request('/api/auth/get-session', { headers: { cookie } });
      expect(session.body).toBeNull();
    }

    // used once: the same token is refused, and the link says so
    const again = await setPassword(token, 'Another-one2');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    const reopened = await ctx.request(`${link.pathname}${link.search}`);
    expect(new URL(reopened.headers.get('location')!, SITE_ORIGIN).searchParams.get('error')).toBe(
      'INVALID_TOKEN',
    );
    expect((await signIn(user.email, 'Brand-new1')).status).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const user = await signUp(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date();
    await askReset(user.email);
    const fresh = tokenOf(await mailedLink(user.email));
    await askReset(user.email);
    const late = tokenOf(await mailedLink(user.email));

    vi.setSystemTime(start.getTime() + 59 * 60_000);
    expect((await setPassword(fresh, 'In-time-1')).status).toBe(200);
    vi.setSystemTime(start.getTime() + 61 * 60_000);
    const expired = await setPassword(late, 'Too-late-1');
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('INVALID_TOKEN');
    expect((await signIn(user.email, 'In-time-1')).status).toBe(200);
  });

  it('mails one address at most 3 links an hour, answering the same', async () => {
    const user = await signUp(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await askReset(user.email));
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    await ctx.deps.mailer.deliverDue();
    expect(resetMails(user.email)).toHaveLength(3);

    vi.setSystemTime(start + 61 * 60_000);
    await askReset(user.email);
    await ctx.deps.mailer.deliverDue();
    expect(resetMails(user.email)).toHaveLength(4);
  });
});
