import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../src/auth/better-auth';

/** scrypt at 1/64 of the memory and work of Better Auth's N=16384, r=16 (about 1 ms a hash). */
const CHEAP = { N: 1024, r: 4, p: 1 } as const;

const key = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, CHEAP, (err, derived) =>
      err ? reject(err) : resolve(derived),
    ),
  );

/**
 * The password hashing of every app a server test starts (createTestContext; a test that builds a
 * second app on the same database passes `ctx.deps.passwordHasher` on). Same "salt:key" scrypt
 * format as Better Auth's own, at a cost fit for tests: with the real cost the sign-ups and sign-ins
 * of the suite (hundreds) spent most of its time hashing. The server itself always uses Better
 * Auth's own (app-deps.ts); the browser tests run the real server.
 */
export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await key(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(':');
    if (!salt || !stored) throw new Error('Invalid password hash');
    const expected = Buffer.from(stored, 'hex');
    const actual = await key(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
