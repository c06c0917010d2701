import { auditEntrySchema } from '@pet-haven/shared/audit';
import { expect } from 'vitest';
import { expectError } from './expect';
import type { TestUser } from './factories';
import type { RequestOptions, Requester } from './test-app';

/** The audit log's entries about `targetId`, newest first, as an admin reads them (last 100). */
export async function auditEntriesFor(ctx: Requester, adminToken: string, targetId: string) {
  const res = await ctx.request('/api/admin/audit-log?limit=100', { token: adminToken });
  expect(res.status).toBe(200);
  return auditEntrySchema
    .array()
    .parse(res.body)
    .filter((entry) => entry.targetId === targetId);
}

export interface Call extends RequestOptions {
  method: string;
  path: string;
}

/**
 * Each admin-only call refused whatever it sends: 401 UNAUTHORIZED to an anonymous caller, 403
 * FORBIDDEN to each of `users` (signed in, none an admin).
 */
export async function expectAdminOnly(ctx: Requester, calls: Call[], users: TestUser[]) {
  for (const call of calls) {
    const label = `${call.method} ${call.path}`;
    expectError(await ctx.request(call.path, call), 401, 'UNAUTHORIZED', `${label} anonymous`);
    for (const user of users) {
      const res = await ctx.request(call.path, { ...call, token: user.token });
      expectError(res, 403, 'FORBIDDEN', `${label} as ${user.name}`);
    }
  }
}
