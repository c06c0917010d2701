import type { AppDeps } from '../app-deps';
import type { AuthUser } from '../lib/hono-env';

/** The demo users (docs/demo-data.md): signed up by demo-data.ts, used by every seeder. */
export const demoUsers = {
  alice: { name: 'Alice Demo', email: 'alice@pethaven.demo', password: 'DemoPass1' },
  bob: { name: 'Bob Demo', email: 'bob@pethaven.demo', password: 'DemoPass1' },
} as const;
export type DemoUserKey = keyof typeof demoUsers;

/** What every demo seeder receives. */
export interface DemoContext {
  deps: AppDeps;
  /** The demo users, signed up through Better Auth, as the API's AuthUser. */
  users: Record<DemoUserKey, AuthUser>;
  /** Stores picture bytes (PNG, JPEG...) through the upload pipeline; answers its display_url. */
  storePicture(bytes: Buffer): Promise<string>;
}
