import type { DataExport } from '@pet-haven/shared/users';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/hono-env';
import { getSettings } from '../notifications/notifications.service';
import { presentDataExport } from './user-data.presenter';
import { loadUserData } from './user-data.repository';

/** GET /api/user/export: the caller's own data, and only theirs (there is no parameter to name anyone else). */
export async function exportUserData(deps: AppDeps, actor: AuthUser): Promise<DataExport> {
  const data = await loadUserData(deps.database.db, actor.id);
  if (!data) throw notFound();
  return presentDataExport(data, await getSettings(deps, actor), deps.now());
}
