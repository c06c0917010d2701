import { randomUUID } from 'node:crypto';
import { issueAccessToken } from '../../src/auth/token';
import type { Database } from '../../src/db/client';
import { session, user } from '../../src/db/schema/index';
import { TEST_AUTH_SECRET } from './test-config';

/** A well-formed id that no row has (a 404, where a malformed one is a 400). */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let counter = 0;

/** A name and an e-mail no other test user has: `Member 7`, `member7-1a2b3c4d@example.com`. */
export function newPerson(kind: string) {
  counter += 1;
  const handle = kind.toLowerCase().replace(/\W+/g, '');
  return {
    name: `${kind} ${counter}`,
    email: `${handle}${counter}-${randomUUID().slice(0, 8)}@example.com`,
  };
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  sessionId: string;
  /** A valid bearer token for the API, as POST /api/jwt would answer. */
  token: string;
}

export interface UserOverrides {
  email?: string;
  name?: string;
  role?: 'user' | 'admin';
  image?: string | null;
  /** Default true: most tests act as a user who has verified their e-mail. */
  emailVerified?: boolean;
}

/** Inserts a user with a live session and answers a bearer token for it. */
export async function createUser(db: Database, overrides: UserOverrides = {}): Promise<TestUser> {
  const id = randomUUID();
  const person = newPerson('Test User');
  const email = overrides.email ?? person.email;
  const name = overrides.name ?? person.name;
  const role = overrides.role ?? 'user';
  await db.insert(user).values({
    id,
    email,
    name,
    role,
    image: overrides.image === undefined ? 'https://example.com/avatar.png' : overrides.image,
    emailVerified: overrides.emailVerified ?? true,
  });
  const sessionId = randomUUID();
  await db.insert(session).values({
    id: sessionId,
    userId: id,
    token: randomUUID(),
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  const { token } = issueAccessToken({ sub: id, sid: sessionId, email }, TEST_AUTH_SECRET);
  return { id, email, name, role, sessionId, token };
}

export const createAdmin = (db: Database, overrides: { email?: string; name?: string } = {}) =>
  createUser(db, { ...overrides, role: 'admin' });
