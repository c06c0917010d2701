import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/errors';
import type { Logger } from '../lib/logger';

/**
 * The PostgreSQL connection pool, hardened for a database that goes away (a restart, a failover, a
 * network partition). While the database cannot answer, a query fails within about two seconds
 * with an error `isDatabaseUnavailable` recognises (lib/errors.ts), which the error handler
 * answers as 503; when it is back, the pool opens new connections by itself.
 */

/** Longest wait for a new connection (refused at once, or silent). */
const CONNECT_TIMEOUT_MS = 1000;
/** PostgreSQL cancels a statement running longer than this (57014): no request holds on to it. */
const STATEMENT_TIMEOUT_MS = 1200;
/** A query with no answer at all by then (a silent partition) gives up on its connection. */
export const QUERY_TIMEOUT_MS = 1500;
/** PostgreSQL ends a transaction left idle this long (its client vanished), releasing its locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;
/**
 * Longest wait for a free connection while all are busy and the database is healthy (a burst of
 * requests waits for its turn). Waiters stop waiting at once when the database turns out to be
 * unreachable (see HardenedPool).
 */
const POOL_WAIT_MS = 5000;

/**
 * A pool whose every connection has a statement timeout, a query timeout, TCP keep-alive and an
 * `error` listener, so that a connection PostgreSQL terminates (57P01 on restart) is logged and
 * replaced instead of crashing the process with an unhandled `error` event.
 */
export function createPgPool(url: string, max: number, logger?: Logger): pg.Pool {
  const pool = new HardenedPool(
    {
      connectionString: url,
      max,
      connectionTimeoutMillis: POOL_WAIT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
    logger,
  );
  pool.on('connect', (client) => closeOnReadTimeout(pool, client));
  return pool;
}

/**
 * A pool for one-off work that must not be cut short by the request timeouts (migrations): same
 * connection timeout and keep-alive, no statement or query timeout.
 */
export function createMaintenancePool(url: string, logger?: Logger): pg.Pool {
  return new HardenedPool(
    { connectionString: url, max: 1, connectionTimeoutMillis: POOL_WAIT_MS, keepAlive: true },
    logger,
  );
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * pg.Pool with three changes for outages:
 * - Every connection has an `error` listener that logs. A connection that fails while lent out
 *   fails its query too and is dropped when it comes back; one that fails while idle is dropped at
 *   once, and the pool re-emits the error on itself (ignored here: already logged). Unhandled,
 *   either `error` event would end the process.
 * - Waiters for a free connection give up as soon as the database turns out to be unreachable (a
 *   new connection fails, a connection is lost, a query gets no answer), with that error: a burst
 *   of requests during an outage answers 503 within the timeouts above instead of queueing.
 * - Drizzle's transaction() borrows with `connect()` and sends BEGIN before its try/finally, so a
 *   BEGIN that fails (the connection died a moment ago) never gave the client back: the pool shrank
 *   for good, then hung, and so did shutdown. A client lent by `connect()` (only transactions use
 *   it) is released, with the error, when its first query fails; a second release does nothing.
 */
class HardenedPool extends pg.Pool {
  /**
   * How each waiter for a connection gives up, failed at once by an outage. A set: a waiter
   * leaves it in constant time however many wait (an emitter's `off` searched its listeners, a
   * cost on every query when dozens of requests queue for the pool).
   */
  private readonly waiters = new Set<(err: Error) => void>();

  constructor(config: pg.PoolConfig, logger?: Logger) {
    // pg-pool gives its clients its own connectionTimeoutMillis (the pool wait): theirs is shorter.
    super({ ...config, Client: TimedConnectClient });
    this.on('connect', (client) => {
      client.on('error', (err) => {
        logger?.warn({ err: brief(err) }, 'Database connection lost');
        this.reportUnreachable(err);
      });
    });
    this.on('error', () => undefined);
  }

  /** Every waiter for a connection fails now with `err`. */
  reportUnreachable(err: Error) {
    for (const giveUp of [...this.waiters]) giveUp(err);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // pg-pool's own query() borrows with a callback and releases by itself.
    if (callback) {
      this.borrow().then(
        (client) => callback(undefined, client, client.release),
        (err: Error) => callback(err, undefined, () => undefined),
      );
      return;
    }
    return this.borrow().then(releaseIfFirstQueryFails);
  }

  private borrow(): Promise<pg.PoolClient> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const giveUp = (err: Error) => {
        settled = true;
        this.waiters.delete(giveUp);
        reject(err);
      };
      this.waiters.add(giveUp);
      super.connect().then(
        (client) => {
          if (settled) return client.release();
          settled = true;
          this.waiters.delete(giveUp);
          resolve(client);
        },
        (err: Error) => {
          if (settled) return;
          // Not a waiter's timeout (the pool was busy): the database could not be reached.
          if (isDatabaseUnavailable(err) && !/^timeout exceeded when trying/.test(err.message)) {
            this.reportUnreachable(err);
          }
          if (!settled) giveUp(err);
        },
      );
    });
  }
}

class TimedConnectClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(
      typeof config === 'string'
        ? config
        : { ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    );
  }
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
function closeOnReadTimeout(pool: HardenedPool, client: pg.PoolClient) {
  const query = client.query.bind(client) as QueryFn;
  const onFailure = (err: unknown) => {
    if (err instanceof Error && err.message === 'Query read timeout') {
      pool.reportUnreachable(err);
      client.end().catch(() => undefined);
    }
  };
  (client as unknown as { query: QueryFn }).query = (...args) => {
    // pg-pool's own query() passes a callback (and then drops the client itself).
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        onFailure(err);
        callback(err, res);
      };
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(onFailure);
    return result;
  };
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
