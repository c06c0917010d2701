import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetPassword, resetToken, signUp, SITE_ORIGIN } from '../../test/helpers/sessions';
import { useTestContext } from '../../test/helpers/test-app';
import { createApp, type App } from '../app';
import { buildDeps } from '../app-deps';
import { signInThrottle } from '../db/schema/index';
import { createAuth } from './better-auth';
import { accountLockSeconds, FORGET_AFTER_MS } from './sign-in-throttle.service';

/** The app's clock: tests move it on instead of waiting. */
let nowMs = Date.parse('2031-03-01T09:00:00Z');
const now = () => new Date(nowMs);
const advance = (seconds: number) => {
  nowMs += seconds * 1000;
};

const ctx = useTestContext(
  {
    TRUST_PROXY: 'true',
    AUTH_SIGN_IN_ACCOUNT_FREE_FAILURES: '5',
    AUTH_SIGN_IN_ACCOUNT_LOCK_MAX_SECONDS: '900',
    AUTH_SIGN_IN_ADDRESS_MAX_EMAILS: '20',
  },
  { now },
);
/** A second server "process": its own app and Better Auth (own memory), on the same database. */
let second: App;
beforeAll(() => {
  const { config, database, logger, passwordHasher } = ctx.deps;
  second = createApp(buildDeps({ config, database, logger, now, passwordHasher }));
});

interface Answer {
  status: number;
  body: { code?: string; message?: string };
  retryAfter: number | null;
}

/** POST /api/auth/sign-in/email from client `address` (reported by our proxy), on `app`. */
async function signIn(
  address: string,
  email: string,
  password: string,
  app: App = ctx.app,
): Promise<Answer> {
  const res = await app.request(
    `${SITE_ORIGIN}/api/auth/sign-in/email`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    },
    { incoming: { socket: { remoteAddress: '10.0.0.1' } } },
  );
  const retryAfter = res.headers.get('retry-after');
  return {
    status: res.status,
    body: (await res.json()) as Answer['body'],
    retryAfter: retryAfter === null ? null : Number(retryAfter),
  };
}

let addressCounter = 0;
/** A client address no other test uses. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

describe('the back-off policy', () => {
  const policy = {
    accountFreeFailures: 5,
    accountLockMaxSeconds: 900,
    addressMaxEmails: 20,
    windowSeconds: 60,
  };
  it('is free for 5 failures, then 1 s doubling with each failure, capped at 15 minutes', () => {
    const locks = Array.from({ length: 18 }, (_, i) => accountLockSeconds(i + 1, policy));
    expect(locks).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(accountLockSeconds(10_000, policy)).toBe(900);
  });
});

describe('per-account sign-in limit', () => {
  it('limits 50 wrong passwords from 50 addresses on the account, while another user from one of them signs in', async () => {
    const victim = await signUp(ctx);
    const bystander = await signUp(ctx);
    const addresses = Array.from({ length: 50 }, freshAddress);
    const statuses: number[] = [];
    for (const address of addresses) {
      statuses.push((await signIn(address, victim.email, 'Guess12345')).status);
    }
    // Five free failures, a sixth that starts the back-off; every later guess is refused unchecked.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array(44).fill(429));

    const locked = await signIn(addresses[7] ?? '', victim.email.toUpperCase(), victim.password);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(locked.retryAfter).toBe(1);

    // Someone else behind one of those addresses is not affected.
    expect((await signIn(addresses[7] ?? '', bystander.email, bystander.password)).status).toBe(
      200,
    );

    // Once the lock has passed, the owner's right password works and the count starts again.
    advance(1);
    expect((await signIn(addresses[0] ?? '', victim.email, victim.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(addresses[i] ?? '', victim.email, 'Guess12345')).status).toBe(401);
    }
  });

  it('doubles the lock with each further failure up to 15 minutes, for unknown e-mails alike', async () => {
    const email = 'nobody-registered@example.com';
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(address, email, 'Guess12')).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await signIn(address, email, 'Guess12')).status).toBe(401);
      const refused = await signIn(address, email, 'Guess12');
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter ?? -1);
      advance(refused.retryAfter ?? 0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  it('is shared by two server processes on one database', async () => {
    const user = await signUp(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? ctx.app : second;
      statuses.push((await signIn(freshAddress(), user.email, 'Guess12', app)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // The lock one process set holds on the other.
    expect((await signIn(freshAddress(), user.email, user.password, second)).status).toBe(429);
    expect((await signIn(freshAddress(), user.email, user.password, ctx.app)).status).toBe(429);
    advance(1);
    expect((await signIn(freshAddress(), user.email, user.password, second)).status).toBe(200);
  });

  it('counts a burst of parallel guesses on both processes one by one', async () => {
    const user = await signUp(ctx);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        signIn(freshAddress(), user.email, 'Guess12', i % 2 === 0 ? ctx.app : second),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(6).fill(401), ...Array(18).fill(429)]);
  });

  it('is lifted by a password reset', async () => {
    const user = await signUp(ctx);
    for (let i = 0; i < 7; i++) await signIn(freshAddress(), user.email, 'Guess12');
    expect((await signIn(freshAddress(), user.email, user.password)).status).toBe(429);

    const reset = await resetPassword(ctx, await resetToken(ctx, user.id), 'Renewed1');
    expect(reset.status).toBe(200);
    expect((await signIn(freshAddress(), user.email, 'Renewed1')).status).toBe(200);
  });

  it('forgets failures a day after the last attempt, and deletes such rows', async () => {
    const email = 'forgetful@example.com';
    for (let i = 0; i < 5; i++) await signIn(freshAddress(), email, 'Guess12');
    advance(FORGET_AFTER_MS / 1000);
    // Counting from zero again: five more are free.
    for (let i = 0; i < 5; i++) {
      expect((await signIn(freshAddress(), email, 'Guess12')).status).toBe(401);
    }
    advance(FORGET_AFTER_MS / 1000 + 60);
    await signIn(freshAddress(), 'someone-else@example.com', 'Guess12');
    const rows = await ctx.database.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.email, email));
    expect(rows).toEqual([]);
  });
});

describe('per-address sign-in limit (default limits)', () => {
  const office = useTestContext({ TRUST_PROXY: 'true' }, { now });

  const from = (email: string, password: string) =>
    signIn('203.0.113.50', email, password, office.app);

  /** Accounts made server-side, so making them counts against no address. */
  let made = 0;
  const member = async () => {
    made += 1;
    const email = `office${made}@example.com`;
    await createAuth(office.deps).api.signUpEmail({
      body: {
        name: `Office ${made}`,
        email,
        password: 'Office123',
        image: 'https://example.com/o.png',
      },
    });
    return { email, password: 'Office123' };
  };

  it("does not lock a shared address out for its people's typos, nor count successful sign-ins", async () => {
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await member());
    for (const person of people)
      expect((await from(person.email, person.password)).status).toBe(200);
    // Two people mistype, again and again: their own accounts get locked after the free failures;
    // the address does not.
    for (const typist of people.slice(0, 2)) {
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await from(typist.email, 'Typo123')).status);
      expect(statuses).toEqual([...Array(6).fill(401), ...Array(6).fill(429)]);
    }
    for (const person of people.slice(2)) {
      expect((await from(person.email, person.password)).status).toBe(200);
    }
  });

  it('limits failed sign-ins over many accounts from one address (20 e-mails a minute)', async () => {
    advance(60);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await from(`sprayed${i}@example.com`, 'Summer2031')).status);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
    const refused = await from('sprayed99@example.com', 'Summer2031');
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    // An e-mail that already failed from there in this minute may still try (its account limits it).
    expect((await from('sprayed0@example.com', 'Summer2031')).status).toBe(401);
    advance(60);
    expect((await from('sprayed99@example.com', 'Summer2031')).status).toBe(401);
  });
});
