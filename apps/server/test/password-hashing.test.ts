import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { buildDeps } from '../src/app-deps';
import { betterAuthPasswordHasher } from '../src/auth/better-auth';
import { createLogger } from '../src/lib/logger';
import { testConfig } from './helpers/test-config';
import { createTestDatabase } from './helpers/test-database';
import { testPasswordHasher } from './helpers/test-password';

describe('password hashing', () => {
  it("is Better Auth's own scrypt wherever a process does not choose another (server, CLI)", async () => {
    const database = await createTestDatabase();
    try {
      const deps = buildDeps({ config: testConfig(), database, logger: createLogger('silent') });
      expect(deps.passwordHasher).toBe(betterAuthPasswordHasher);
      expect(betterAuthPasswordHasher.hash).toBe(hashPassword);
    } finally {
      await database.close();
    }
  });

  it('in tests: a salted scrypt hash that checks the right password only', async () => {
    const hash = await testPasswordHasher.hash('Secret1');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(hash).not.toBe(await testPasswordHasher.hash('Secret1'));
    expect(await testPasswordHasher.verify({ hash, password: 'Secret1' })).toBe(true);
    expect(await testPasswordHasher.verify({ hash, password: 'Secret2' })).toBe(false);
    // Not interchangeable with the real cost: an app on the real hashing refuses it.
    expect(await verifyPassword({ hash, password: 'Secret1' })).toBe(false);
  });
});
