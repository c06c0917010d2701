/**
 * Demo data for a first look (docs/demo-data.md): two users who can sign in, a dozen pets of every
 * category with pictures drawn locally. Added by main.ts on the first start of an EMPTY embedded
 * (PGlite) database when DEMO_DATA is true (`npm start -- --no-demo` skips it).
 */
import type { AppDeps } from '../app-deps';
import type { AuthUser } from '../lib/hono-env';
import { displayUrlOf } from '../modules/images/images.presenter';
import { storeUpload } from '../modules/images/images.service';
import { isAdminRole } from '../modules/users/users.policy';
import { avatarSvg, svgToPng } from './demo-pictures';
import { isDatabaseEmpty } from './demo.repository';
import { seedDemoCampaigns } from './demo-campaigns';
import { type DemoContext, type DemoUserKey, demoUsers } from './demo-context';
import { seedDemoPets } from './demo-pets';

/**
 * Seeds the demo data once: only on an embedded database with no users and no pets.
 * Answers whether it seeded.
 */
export async function seedDemoDataIfEmpty(deps: AppDeps): Promise<boolean> {
  if (deps.database.kind !== 'pglite') return false;
  if (!(await isDatabaseEmpty(deps.database.db))) return false;
  const started = Date.now();
  await seedDemoData(deps);
  deps.logger.info(
    { ms: Date.now() - started, logins: Object.values(demoUsers).map((u) => u.email) },
    'Demo data added (see docs/demo-data.md; password DemoPass1)',
  );
  return true;
}

/** The seeding entry point: users first, then each area's seeder. */
export async function seedDemoData(deps: AppDeps): Promise<DemoContext> {
  const storePicture = async (bytes: Buffer) => {
    const image = await storeUpload(deps, bytes, null);
    return displayUrlOf(image.id, image.width, deps.config.imageBase);
  };

  const avatars: Record<DemoUserKey, [string, string, string]> = {
    alice: ['#c4b5fd', '#fcd9b6', '#7c2d12'],
    bob: ['#fcd34d', '#e0ac69', '#1f2937'],
  };
  const users = {} as Record<DemoUserKey, AuthUser>;
  // Better Auth's own user and password records, made as sign-up makes them but with the e-mail
  // verified (no verification mail goes to the demo addresses).
  const auth = await deps.auth.$context;
  for (const key of Object.keys(demoUsers) as DemoUserKey[]) {
    const u = demoUsers[key];
    const avatar = await storePicture(await svgToPng(avatarSvg(...avatars[key])));
    const created = await auth.internalAdapter.createUser(
      {
        name: u.name,
        email: u.email.toLowerCase(),
        emailVerified: true,
        // Better Auth wants an absolute http(s) photo URL: on the site, or already on IMAGE_PUBLIC_BASE_URL
        image: new URL(avatar, deps.config.publicUrl).href,
      },
      { method: 'email-password' },
    );
    await auth.internalAdapter.linkAccount({
      userId: created.id,
      providerId: 'credential',
      accountId: created.id,
      password: await auth.password.hash(u.password),
    });
    users[key] = {
      id: created.id,
      email: created.email,
      name: created.name,
      image: created.image ?? null,
      role: isAdminRole((created as { role?: unknown }).role) ? 'admin' : 'user',
      emailVerified: true,
    };
  }

  const ctx: DemoContext = { deps, users, storePicture };
  await seedDemoPets(ctx);
  await seedDemoCampaigns(ctx);
  return ctx;
}
