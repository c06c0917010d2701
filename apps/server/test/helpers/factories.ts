import { randomUUID } from 'node:crypto';
import { issueAccessToken } from '../../src/auth/token';
import type { Database } from '../../src/db/client';
import { session, user } from '../../src/db/schema/index';
import { TEST_AUTH_SECRET } from './test-app';

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  sessionId: string;
  /** A valid bearer token for the API, as POST /api/jwt would answer. */
  token: string;
}

/** Inserts a user with a live session and answers a bearer token for it. */
export async function createUser(
  db: Database,
  overrides: { email?: string; name?: string; role?: 'user' | 'admin'; image?: string | null } = {},
): Promise<TestUser> {
  counter += 1;
  const id = randomUUID();
  const email = overrides.email ?? `user${counter}-${id.slice(0, 8)}@example.com`;
  const name = overrides.name ?? `Test User ${counter}`;
  const role = overrides.role ?? 'user';
  await db.insert(user).values({
    id,
    email,
    name,
    role,
    image: overrides.image === undefined ? 'https://example.com/avatar.png' : overrides.image,
    emailVerified: false,
  });
  const sessionId = randomUUID();
  await db.insert(session).values({
    id: sessionId,
    userId: id,
    token: randomUUID(),
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  const { token } = await issueAccessToken({ sub: id, sid: sessionId, email }, TEST_AUTH_SECRET);
  return { id, email, name, role, sessionId, token };
}

export const createAdmin = (db: Database, overrides: { email?: string; name?: string } = {}) =>
  createUser(db, { ...overrides, role: 'admin' });
