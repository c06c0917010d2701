import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema/index';
import type { Statement } from './bare-server';

/**
 * The app's database layer on PostgreSQL at `url` with every statement it sends captured, in
 * order (drizzle's logger: the same text and values the app sends), for the benchmarks to replay
 * (the bare server) or to explain. `pool` is there for statements of the benchmark's own.
 */
export function capturingDatabase(url: string) {
  const logged: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, params) => logged.push({ text, params }) },
  }) as unknown as Database;
  return { db, pool, logged, end: () => pool.end() };
}
