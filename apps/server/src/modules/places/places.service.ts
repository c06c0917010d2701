import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import * as repo from './places.repository';

const SUGGESTIONS = 10;

/** GET /api/places?q=: up to ten places whose name starts with `q`, the most populous first. */
export const searchPlaces = (deps: Pick<AppDeps, 'database'>, q: string) =>
  repo.searchPlaces(deps.database.db, q, SUGGESTIONS);

/** A place of the gazetteer, or a 404 naming what was asked for. */
export async function getPlace(deps: Pick<AppDeps, 'database'>, id: number, what = 'Place') {
  const place = await repo.findPlace(deps.database.db, id);
  if (!place) throw notFound(`${what} not found`);
  return place;
}
