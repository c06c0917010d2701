import pg from 'pg';
import type { Logger } from '../lib/logger';

/**
 * The PostgreSQL connection pool, hardened for a database that goes away (a restart, a failover, a
 * network partition). While the database cannot answer, a query fails within about two seconds
 * with an error `isDatabaseUnavailable` recognises (lib/errors.ts), which the error handler
 * answers as 503; when it is back, the pool opens new connections by itself.
 */

/** Longest wait for a connection: a new one (refused at once, or silent), or a free one of the pool. */
const CONNECT_TIMEOUT_MS = 1000;
/** PostgreSQL cancels a statement running longer than this (57014): no request holds on to it. */
const STATEMENT_TIMEOUT_MS = 1200;
/** A query with no answer at all by then (a silent partition) gives up on its connection. */
export const QUERY_TIMEOUT_MS = 1500;
/** PostgreSQL ends a transaction left idle this long (its client vanished), releasing its locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/**
 * A pool whose every connection has a statement timeout, a query timeout, TCP keep-alive and an
 * `error` listener, so that a connection PostgreSQL terminates (57P01 on restart) is logged and
 * replaced instead of crashing the process with an unhandled `error` event.
 */
export function createPgPool(url: string, max: number, logger?: Logger): pg.Pool {
  const pool = new TransactionSafePool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  watchConnections(pool, logger);
  pool.on('connect', (client) => closeOnReadTimeout(client));
  return pool;
}

/**
 * A pool for one-off work that must not be cut short by the request timeouts (migrations): same
 * connection timeout and keep-alive, no statement or query timeout.
 */
export function createMaintenancePool(url: string, logger?: Logger): pg.Pool {
  const pool = new TransactionSafePool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  watchConnections(pool, logger);
  return pool;
}

/**
 * Every connection gets an `error` listener that logs (once per connection lost): a connection
 * that fails while lent out fails its query too, and the pool drops it when it comes back; one
 * that fails while idle is dropped by the pool at once, which then re-emits the error on itself.
 * Without these listeners either `error` event would be unhandled and end the process.
 */
function watchConnections(pool: pg.Pool, logger?: Logger) {
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.warn({ err: brief(err) }, 'Database connection lost'));
  });
  pool.on('error', () => undefined);
}

/** What a log line needs of a driver error (not the client object pg attaches to it). */
const brief = (err: Error & { code?: string }) => ({
  message: err.message,
  code: err.code,
});

type QueryFn = (...args: unknown[]) => unknown;

/**
 * pg's query_timeout fails a query that gets no answer, but leaves the connection waiting for that
 * answer: a transaction's ROLLBACK would queue behind it, and the pool would lend the stuck
 * connection out again. Closing it instead fails everything queued on it at once ("Client was
 * closed") and the pool replaces it.
 */
function closeOnReadTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') {
          client.end().catch(() => undefined);
        }
      });
    }
    return result;
  };
}

/**
 * Drizzle's transaction() borrows a client with `connect()` and sends BEGIN before its
 * try/finally, so when BEGIN fails (the connection died while idle in the pool, e.g. terminated by
 * a restart a moment ago) it never releases the client: the pool would shrink by one for good, and
 * after `max` such failures wait forever. Clients lent by `connect()` (used by transactions only)
 * are therefore released, with the error, when their first query fails; a second release of the
 * same loan does nothing.
 */
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // pg-pool's own query() borrows with a callback and releases by itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releaseIfFirstQueryFails);
  }
}

function releaseIfFirstQueryFails(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  client.release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    release(err);
  };
  const watched = client as unknown as { query: QueryFn };
  const query = watched.query;
  watched.query = (...args) => {
    watched.query = query;
    const result = query.apply(client, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => client.release(err instanceof Error ? err : true));
    }
    return result;
  };
  return client;
}
