import { describe, expectTypeOf, it } from 'vitest';
import type { AppEnv } from './hono-env';

describe('the Hono context (c.var)', () => {
  it('holds only per-request values; dependencies come from AppDeps (decision 019)', () => {
    // Checked by the type checker (npm run typecheck): a key added to AppEnv fails here.
    expectTypeOf<keyof AppEnv['Variables']>().toEqualTypeOf<'requestId' | 'logger' | 'user'>();
  });
});
