import { Column, is, SQL, sql, Subquery } from 'drizzle-orm';
import { PgTransaction, type PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import { MAX_PAGE_SIZE } from '@pet-haven/shared/pagination';
import { embeddedWriteGeneration, type Database, type DbOrTx } from './client';

/**
 * Statements built once per database and kept (decisions 029 and 043): the hot reads of the public
 * pages (the lists), the session lookup and the money statements are built by drizzle with
 * placeholders for every value, named, and prepared by PostgreSQL once per connection, then only
 * executed with the request's values. Building a query again for every request cost the app a
 * quarter of its time under load (docs/benchmarks.md).
 *
 * Kept per database handle (not per process): a second database (tests, the bench) has its own.
 * A transaction of that database uses the same statements, run on the transaction's connection.
 */

/** What this module relies on of drizzle's prepared queries (node-postgres and PGlite alike). */
interface DrizzlePrepared {
  /** The pool or the transaction's connection the statement runs on. */
  client: unknown;
  /** The selected columns, in the order of the row's values (a select; absent otherwise). */
  fields?: Array<{ path: string[]; field: unknown }>;
  /** Maps the rows (as arrays of values) when set; drizzle's generic mapping otherwise. */
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder drizzle's `mapResultRow` picks for a selected field, worked out once. */
function decoderOf(field: unknown): Decoder {
  // drizzle keeps an SQL's decoder internal (`mapWith` sets it)
  const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * The rows of a flat selection (every field a top-level key) mapped as drizzle's `mapResultRow`
 * maps them, with each field's decoder found once for the statement instead of again for every
 * value of every row (drizzle was 6 % of the app's time in the lists bench, 2.6 % after). Nested
 * selections (a table per key, with drizzle's nulling of left-joined tables) keep drizzle's
 * mapping.
 *
 * Each row is made by one object literal holding every key, written once per statement: V8 gives
 * it a fixed shape. Keys added one by one by computed name (`row[key] = …`) to `{}` turn an object
 * of more than about 16 of them (a pet row has 30) into a hash table, slower to build, to read and
 * to collect (decision 049). The keys are the code's own selection, written as JSON string
 * literals.
 */
function flatRowMapper(fields: DrizzlePrepared['fields']) {
  if (!fields || fields.some((f) => f.path.length !== 1)) return undefined;
  const decoders = fields.map((f) => decoderOf(f.field));
  const properties = fields.map(
    (f, i) =>
      `${JSON.stringify(f.path[0])}: row[${i}] === null ? null : decoders[${i}].mapFromDriverValue(row[${i}])`,
  );
  const mapRow = new Function('decoders', 'row', `return {\n${properties.join(',\n')}\n};`) as (
    decoders: Decoder[],
    row: unknown[],
  ) => Record<string, unknown>;
  return (rows: unknown[][]) => rows.map((row) => mapRow(decoders, row));
}

/** The connection `db` runs statements on: the pool, or the transaction's own connection. */
const connectionOf = (db: DbOrTx) =>
  (db as unknown as { session: { client: unknown } }).session.client;

/**
 * The database handle `db` belongs to, as a key: its dialect, made once by each `drizzle()` and
 * handed to every transaction of that handle.
 */
const handleOf = (db: DbOrTx) => (db as unknown as { dialect: object }).dialect;

/** `statement`, run on `db`'s connection (a transaction's own, or the pool). */
function onConnectionOf<P>(statement: P, db: DbOrTx): P {
  const client = connectionOf(db);
  if ((statement as DrizzlePrepared).client === client) return statement;
  return Object.create(statement as object, { client: { value: client } }) as P;
}

/** The statements kept for one database handle, and how many of them are of a visitor's shape. */
interface Kept {
  statements: Map<string, unknown>;
  shaped: number;
  sized: number;
}

// eslint-disable-next-line no-restricted-syntax -- keyed by the database handle, which owns them
const kept = new WeakMap<object, Kept>();

/** Options of a kept statement. */
export interface KeptOptions {
  /**
   * Its name comes from what a visitor asked for (a pet search's shape, decision 041): there may
   * be thousands, so at most KEPT_STATEMENTS of these are kept.
   */
  shaped?: boolean;
  /**
   * Its name carries a page size a visitor chose (`pageBounds`, decision 051): at most
   * KEPT_PAGE_STATEMENTS of these are kept, apart from the shaped ones, so that no number of
   * searches pushes the lists' pages out, nor the other way round.
   */
  sized?: boolean;
}

/**
 * The statement `name` of `db`, prepared by `prepare(name)` the first time (with `db`, which may be
 * a transaction). `name` must stand for one SQL text: a list builds one statement per shape of its
 * filters and names each shape. Inside a transaction the kept statement runs on the
 * transaction's connection; PostgreSQL parses a name once per connection, whichever asks first.
 *
 * The statements the code names (the lists', the money's, the session's) are always kept: there
 * are as many as the code has. Of the shaped ones (`shaped`: the pet searches have thousands of
 * shapes, which anyone can ask for, decision 041) at most KEPT_STATEMENTS are kept per database:
 * past that, a new one is built and run unnamed each time (`prepare('')`: planned for each run,
 * nothing left on the connection). The shapes the site asks for first, its common ones, stay
 * prepared, and no number of shapes pushes the code's own statements out. The list pages named
 * by their size (`sized`) have a budget of their own, KEPT_PAGE_STATEMENTS.
 */
export function preparedStatement<P>(
  db: DbOrTx,
  name: string,
  prepare: (name: string) => P,
  { shaped = false, sized = false }: KeptOptions = {},
): P {
  const handle = handleOf(db);
  let forHandle = kept.get(handle);
  if (!forHandle) kept.set(handle, (forHandle = { statements: new Map(), shaped: 0, sized: 0 }));
  let statement = forHandle.statements.get(name) as P | undefined;
  if (!statement) {
    if (shaped && forHandle.shaped >= KEPT_STATEMENTS) return prepare('');
    if (sized && forHandle.sized >= KEPT_PAGE_STATEMENTS) return prepare('');
    statement = prepare(name);
    const prepared = statement as DrizzlePrepared;
    if (!prepared.customResultMapper) {
      const mapper = flatRowMapper(prepared.fields);
      if (mapper) prepared.customResultMapper = mapper;
    }
    forHandle.statements.set(name, statement);
    if (shaped) forHandle.shaped += 1;
    if (sized) forHandle.sized += 1;
  }
  return onConnectionOf(statement, db);
}

/** The rows of a statement of `preparedSql`, as objects, as `db.execute` answers them. */
export interface PreparedSql<R> {
  execute(values: Record<string, unknown>): Promise<{ rows: R[] }>;
}

/**
 * `preparedStatement` for a statement drizzle's query builders cannot build (a guarded
 * `INSERT ... SELECT`, data-modifying CTEs, advisory locks): `build` writes it once with
 * `sql.placeholder` for every value, and it runs as `db.execute` would run it, its rows as objects.
 */
export function preparedSql<R>(db: DbOrTx, name: string, build: () => SQL): PreparedSql<R> {
  return preparedStatement(db, name, (statementName) => {
    // the session and dialect are what `db.execute` itself prepares with
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, statementName, false);
  }) as unknown as PreparedSql<R>;
}

/** Most statements of a visitor's shape kept prepared per database (and so per connection). */
export const KEPT_STATEMENTS = 256;

/**
 * Most list pages named by their size kept prepared per database: the site's own (a few sizes, for
 * each shape of filter, with and without an offset) and some more.
 */
export const KEPT_PAGE_STATEMENTS = 128;

/** The most rows a page reads: the paging schema's most, and the row telling whether one follows. */
export const MAX_PAGE_ROWS = MAX_PAGE_SIZE + 1;

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
  options: KeptOptions = {},
): { execute(values: Record<string, unknown>): Promise<R> } {
  const statement = preparedStatement(db, name, prepare, options);
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

/**
 * A page's LIMIT, and its OFFSET when it has one, for a statement prepared once per name: `name`
 * goes into the statement's name, `limit` and `offset` into drizzle's `.limit()` and `.offset()`.
 * The limit is written into the statement's text: with `LIMIT $n`, the generic plan PostgreSQL
 * keeps for a prepared statement is made for an unknown limit (a tenth of the table: a hash join
 * over all of it), so it planned the statement again at every run, about 1 ms at 100,000 pets,
 * twice the run itself. Knowing the limit, the generic plan walks the index and is kept (decision
 * 051). An offset of 0 is left out; any other stays a placeholder (a page number asked for, planned
 * at each run as before: it walks past its offset anyway). A page reads at most MAX_PAGE_ROWS
 * (refused past that), so its names are few; a statement named by them is kept as a sized one
 * (`KeptOptions.sized`).
 */
export function pageBounds(limit: number, offset: number) {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(limit) || limit > MAX_PAGE_ROWS || !whole(offset)) {
    throw new Error(`A page's limit and offset are whole numbers: ${limit}, ${offset}`);
  }
  return {
    name: `l${limit}${offset === 0 ? '' : 'o'}`,
    // drizzle writes an SQL chunk given as the limit as it is
    limit: sql.raw(String(limit)) as unknown as number,
    offset: offset === 0 ? 0 : sql.placeholder('offset'),
  };
}
