import { describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../../test/helpers/factories';
import { useTestContext } from '../../../test/helpers/test-app';
import { recordAdminAction } from './audit.repository';

const ctx = useTestContext();

describe('GET /api/admin/audit-log', () => {
  it('answers 401 anonymous and 403 to a non-admin', async () => {
    const u = await createUser(ctx.database.db);
    expect((await ctx.request('/api/admin/audit-log')).status).toBe(401);
    expect((await ctx.request('/api/admin/audit-log', { token: u.token })).status).toBe(403);
  });

  it('checks who calls before looking at the query (401/403 even with a bad page)', async () => {
    const u = await createUser(ctx.database.db);
    expect((await ctx.request('/api/admin/audit-log?page=x')).status).toBe(401);
    expect((await ctx.request('/api/admin/audit-log?page=x', { token: u.token })).status).toBe(403);
  });

  it('lists entries newest first, paged, with X-Total-Count', async () => {
    const admin = await createAdmin(ctx.database.db);
    const db = ctx.database.db;
    for (const n of [1, 2, 3]) {
      await recordAdminAction(db, {
        actor: { id: admin.id, email: admin.email },
        action: 'pet.delete',
        targetType: 'pet',
        targetId: `pet-${n}`,
        before: { n },
        after: null,
      });
    }
    const all = await ctx.request('/api/admin/audit-log', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('3');
    expect(all.body.map((e: { targetId: string }) => e.targetId)).toEqual([
      'pet-3',
      'pet-2',
      'pet-1',
    ]);
    expect(all.body[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'pet.delete',
      targetType: 'pet',
      before: { n: 3 },
      after: null,
    });
    expect(Date.parse(all.body[0].createdAt)).not.toBeNaN();

    const page2 = await ctx.request('/api/admin/audit-log?page=2&limit=2', { token: admin.token });
    expect(page2.body.map((e: { targetId: string }) => e.targetId)).toEqual(['pet-1']);
    expect(page2.headers.get('x-total-count')).toBe('3');
    expect(
      (await ctx.request('/api/admin/audit-log?limit=1000', { token: admin.token })).status,
    ).toBe(400);
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    const admin = await createAdmin(ctx.database.db);
    const db = ctx.database.db;
    await expect(
      db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          actor: { id: admin.id, email: admin.email },
          action: 'pet.delete',
          targetType: 'pet',
          targetId: 'rolled-back',
          before: null,
          after: null,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const log = await ctx.request('/api/admin/audit-log?limit=100', { token: admin.token });
    expect(log.body.map((e: { targetId: string }) => e.targetId)).not.toContain('rolled-back');
  });
});
