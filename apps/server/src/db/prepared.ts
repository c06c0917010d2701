import { PgTransaction } from 'drizzle-orm/pg-core';
import { embeddedWriteGeneration, type Database, type DbOrTx } from './client';

/**
 * Statements built once per database and kept (decision 029): the hot reads of the public pages
 * (the lists) are built by drizzle with placeholders for every value, named, and prepared by
 * PostgreSQL once per connection, then only executed with the request's values. Building a query
 * again for every request cost the app a quarter of its time under load (docs/benchmarks.md).
 *
 * Kept per database handle (not per process): a second database (tests, the bench) has its own.
 * Inside a transaction the statement is prepared for that transaction's connection each time.
 */
// eslint-disable-next-line no-restricted-syntax -- keyed by the database handle, which owns them
const kept = new WeakMap<Database, Map<string, unknown>>();

/**
 * The statement `name` of `db`, prepared by `prepare(name)` the first time. `name` must stand for
 * one SQL text: a list builds one statement per shape of its filters and names each shape.
 *
 * At most KEPT_STATEMENTS are kept per database: past that, a new name is built and run unnamed
 * each time (`prepare('')`: planned for each run, nothing left on the connection). The pet
 * searches have thousands of shapes, which anyone can ask for (decision 041); the statements the
 * site asks for first, its common ones, stay prepared.
 */
export function preparedStatement<P>(db: DbOrTx, name: string, prepare: (name: string) => P): P {
  if (db instanceof PgTransaction) return prepare(name);
  let statements = kept.get(db);
  if (!statements) kept.set(db, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (!statement) {
    if (statements.size >= KEPT_STATEMENTS) return prepare('');
    statements.set(name, (statement = prepare(name)));
  }
  return statement;
}

/** Most statements kept prepared per database (and so per PostgreSQL connection). */
export const KEPT_STATEMENTS = 256;

/** Most reads kept per embedded database (a page of pets is about 25 KB). */
const KEPT_READS = 500;

interface KeptReads {
  generation: number;
  answers: Map<string, Promise<unknown>>;
}

// eslint-disable-next-line no-restricted-syntax -- keyed by the database handle, which owns them
const keptReads = new WeakMap<Database, KeptReads>();

/**
 * `preparedStatement` for a read of the public lists, whose answers the embedded database
 * (PGlite: one process, queries in turn on one thread) keeps in memory until its next write
 * (decision 030): the same page asked for again costs no query. On PostgreSQL, where other
 * processes write, and inside a transaction, it is `preparedStatement` itself. The rows answered
 * are shared: callers must not change them.
 */
export function preparedRead<R>(
  db: DbOrTx,
  name: string,
  prepare: (name: string) => { execute(values: Record<string, unknown>): Promise<R> },
): { execute(values: Record<string, unknown>): Promise<R> } {
  const statement = preparedStatement(db, name, prepare);
  if (db instanceof PgTransaction) return statement;
  const generation = embeddedWriteGeneration(db);
  if (generation === undefined) return statement;
  return {
    execute: (values) => {
      let kept = keptReads.get(db);
      if (!kept || kept.generation !== generation) {
        kept = { generation, answers: new Map() };
        keptReads.set(db, kept);
      }
      const key = `${name}\u0000${JSON.stringify(values)}`;
      const answer = kept.answers.get(key);
      if (answer) {
        // most recently used last
        kept.answers.delete(key);
        kept.answers.set(key, answer);
        return answer as Promise<R>;
      }
      const fresh = statement.execute(values);
      const answers = kept.answers;
      answers.set(key, fresh);
      if (answers.size > KEPT_READS) answers.delete(answers.keys().next().value!);
      // a failed read is not kept
      fresh.catch(() => answers.get(key) === fresh && answers.delete(key));
      return fresh;
    },
  };
}
