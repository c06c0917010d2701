import { describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test/helpers/factories';
import { createTestContext, useTestContext, useUsers } from '../../../test/helpers/test-app';

// The admin dashboard's mail notice reads this.
const ctx = useTestContext();
const { admin, member } = useUsers(ctx, {
  admin: { role: 'admin' },
  member: {},
});

describe('GET /api/admin/mail-status', () => {
  it('tells admins that mail is only written to files without SMTP_URL, and what waits', async () => {
    await ctx.deps.mailer.enqueue(ctx.database.db, 'someone@example.com', {
      kind: 'password-reset',
      subject: 'A message',
      intro: ['Hello'],
    });
    const res = await ctx.request('/api/admin/mail-status', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ delivery: 'files', pending: 1, failed: 0 });
    await ctx.deps.mailer.deliverDue();
    expect((await ctx.request('/api/admin/mail-status', { token: admin.token })).body).toEqual({
      delivery: 'files',
      pending: 0,
      failed: 0,
    });
  });

  it('says smtp when SMTP_URL is set', async () => {
    const withSmtp = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const a = await createAdmin(withSmtp.database.db);
      const res = await withSmtp.request('/api/admin/mail-status', { token: a.token });
      expect(res.body.delivery).toBe('smtp');
    } finally {
      await withSmtp.close();
    }
  });

  it('is for admins only', async () => {
    expect((await ctx.request('/api/admin/mail-status')).status).toBe(401);
    expect((await ctx.request('/api/admin/mail-status', { token: member.token })).status).toBe(403);
  });
});
