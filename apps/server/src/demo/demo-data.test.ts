import { petCategories } from '@pet-haven/shared/pets';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/helpers/factories';
import { mailOutbox } from '../db/schema/index';
import { useTestContext } from '../../test/helpers/test-app';
import { demoUsers } from './demo-context';
import { seedDemoData, seedDemoDataIfEmpty } from './demo-data';

const ctx = useTestContext();

describe('demo data', () => {
  it('adds two verified users who can sign in and a dozen pets of every category with hosted pictures', async () => {
    await seedDemoData(ctx.deps);

    // Signed in: visitors never see adopted pets.
    const viewer = await createUser(ctx.database.db);
    const list = await ctx.request('/api/pets?limit=100', { token: viewer.token });
    expect(list.body).toHaveLength(12);
    const categories = new Set(list.body.map((p: { petCategory: string }) => p.petCategory));
    expect([...categories].sort()).toEqual([...petCategories].sort());
    for (const pet of list.body.slice(0, 3)) {
      const picture = await ctx.request(pet.petImage);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
    }
    const available = await ctx.request('/api/pets?adopted=false&limit=100');
    expect(available.body).toHaveLength(11);

    for (const u of Object.values(demoUsers)) {
      const res = await ctx.request('/api/auth/sign-in/email', {
        json: { email: u.email, password: u.password },
        headers: { origin: 'http://localhost:3000' },
      });
      expect(res.status, u.email).toBe(200);
      // verified, and no verification mail was written for them
      expect(res.body.user.emailVerified, u.email).toBe(true);
    }
    const kinds = await ctx.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox);
    expect(kinds.map((k) => k.kind)).not.toContain('email-verification');
    // A second start changes nothing: the database is no longer empty.
    expect(await seedDemoDataIfEmpty(ctx.deps)).toBe(false);
  });
});
