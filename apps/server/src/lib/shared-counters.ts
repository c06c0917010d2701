/**
 * Counters every server process must agree on (decision 038): Better Auth's per-address limits on
 * the ways in, and the different e-mails one address failed to sign in as. In this process's
 * memory by default (one process: nothing to share); in Redis when REDIS_URL is set, so that a
 * limit holds whichever process a request lands on.
 *
 * While Redis cannot be answered (down, unreachable, slower than COMMAND_TIMEOUT_MS) each process
 * counts in its own memory instead and says so in its log and on /api/ready: the limits still hold
 * per process, nobody is locked out by an outage, and the per-account sign-in lock (kept in the
 * database, sign-in-throttle.service.ts) is untouched. The next command after Redis is back goes to
 * Redis again, without a restart.
 */
import type { Redis as RedisClient } from 'ioredis';
import type { Logger } from './logger';

export interface CounterRule {
  windowSeconds: number;
  max: number;
}

export interface CounterAnswer {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
}

export interface SharedCounters {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit on `key` in its fixed window, or refuses once `rule.max` were counted. */
  hit(key: string, rule: CounterRule): Promise<CounterAnswer>;
  /**
   * Adds `member` to the set `key` for its fixed window (`added`: it was not there), or refuses
   * when `rule.max` others are there already. A member already there is allowed.
   */
  addMember(
    key: string,
    member: string,
    rule: CounterRule,
  ): Promise<CounterAnswer & { added: boolean }>;
  /** Takes `member` out of the set `key` (a counted attempt given back). */
  removeMember(key: string, member: string): Promise<void>;
  /** Throws when the store does not answer (for /api/ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MAX_KEYS = 100_000;

/** Counters in this process's memory, on `now`'s clock (tests move it). */
export function createMemoryCounters(now: () => Date): SharedCounters {
  const hits = new Map<string, { count: number; start: number }>();
  const sets = new Map<string, { members: Set<string>; start: number }>();
  const prune = (map: Map<string, { start: number }>, at: number, windowMs: number) => {
    if (map.size <= MAX_KEYS) return;
    for (const [k, v] of map) if (at - v.start >= windowMs) map.delete(k);
  };
  const left = (start: number, windowMs: number, at: number) =>
    Math.max(1, Math.ceil((start + windowMs - at) / 1000));
  return {
    kind: 'memory',
    async hit(key, rule) {
      const at = now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      prune(hits, at, windowMs);
      const entry = hits.get(key);
      if (!entry || at - entry.start >= windowMs) {
        hits.set(key, { count: 1, start: at });
        return { allowed: true, retryAfterSeconds: 0 };
      }
      if (entry.count >= rule.max) {
        return { allowed: false, retryAfterSeconds: left(entry.start, windowMs, at) };
      }
      entry.count += 1;
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async addMember(key, member, rule) {
      const at = now().getTime();
      const windowMs = rule.windowSeconds * 1000;
      prune(sets, at, windowMs);
      let entry = sets.get(key);
      if (!entry || at - entry.start >= windowMs) {
        entry = { members: new Set(), start: at };
        sets.set(key, entry);
      }
      if (entry.members.has(member)) return { allowed: true, added: false, retryAfterSeconds: 0 };
      if (entry.members.size >= rule.max) {
        return { allowed: false, added: false, retryAfterSeconds: left(entry.start, windowMs, at) };
      }
      entry.members.add(member);
      return { allowed: true, added: true, retryAfterSeconds: 0 };
    },
    async removeMember(key, member) {
      sets.get(key)?.members.delete(member);
    },
    async ping() {},
    async close() {
      hits.clear();
      sets.clear();
    },
  };
}

/** A Redis command fails after this long (then the memory counters answer). */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
/** At most one warning about Redis this often. */
const WARN_EVERY_MS = 30_000;

// INCR with the window's expiry set by the first hit; answers [allowed, ms left].
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
if n > tonumber(ARGV[2]) then return {0, ttl} end
return {1, ttl}`;

// SADD unless the set is full; the window's expiry is set with its first member.
// Answers [allowed, added, ms left].
const ADD_MEMBER_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return {1, 0, 0} end
local size = redis.call('SCARD', KEYS[1])
if size >= tonumber(ARGV[3]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
  return {0, 0, ttl}
end
redis.call('SADD', KEYS[1], ARGV[1])
if size == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, 1, 0}`;

type ScriptedRedis = RedisClient & {
  petHavenHit(key: string, windowMs: number, max: number): Promise<[number, number]>;
  petHavenAddMember(
    key: string,
    member: string,
    windowMs: number,
    max: number,
  ): Promise<[number, number, number]>;
};

/**
 * Counters in Redis under `prefix`, with `fallback` (this process's memory) answering while Redis
 * does not. ioredis is loaded only here, so a site without REDIS_URL never loads it.
 */
export function createRedisCounters(
  settings: { url: string; prefix: string },
  logger: Logger,
  fallback: SharedCounters,
): SharedCounters & { readonly usingFallback: boolean } {
  const log = logger.child({ module: 'redis' });
  let lastWarning = -Infinity;
  let usingFallback = false;
  const warn = (err: unknown, message: string) => {
    const at = Date.now();
    if (at - lastWarning < WARN_EVERY_MS) return;
    lastWarning = at;
    log.warn({ err }, message);
  };
  const connect = (Redis: typeof RedisClient) => {
    const client = new Redis(settings.url, {
      // a command while disconnected fails at once (the fallback answers) instead of waiting
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // reconnect for ever, at most every 2 s
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: false,
    }) as ScriptedRedis;
    client.defineCommand('petHavenHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    client.defineCommand('petHavenAddMember', { numberOfKeys: 1, lua: ADD_MEMBER_SCRIPT });

    // ioredis reports connection errors as events; without a listener they would end the process
    client.on('error', (err) =>
      warn(err, 'Redis is not reachable: limits are counted per process until it is back'),
    );
    client.on('ready', () => {
      if (usingFallback) log.info('Redis is reachable again: limits are shared again');
      usingFallback = false;
    });
    return client;
  };
  // commands wait for the first connection (or its first failure), not fail while it is made
  const connecting = import('ioredis').then(({ Redis }) => {
    const client = connect(Redis);
    return new Promise<ScriptedRedis>((resolve) => {
      client.once('ready', () => resolve(client));
      client.once('error', () => resolve(client));
    });
  });
  // a failed import is reported by the first command (the fallback answers it)
  connecting.catch(() => undefined);

  const k = (key: string) => `${settings.prefix}${key}`;
  const viaRedis = async <T>(ask: () => Promise<T>, instead: () => Promise<T>): Promise<T> => {
    try {
      const answer = await ask();
      usingFallback = false;
      return answer;
    } catch (err) {
      usingFallback = true;
      warn(err, 'Redis did not answer: this limit was counted in this process');
      return instead();
    }
  };

  return {
    kind: 'redis',
    get usingFallback() {
      return usingFallback;
    },
    hit: (key, rule) =>
      viaRedis(
        async () => {
          const [allowed, ms] = await (
            await connecting
          ).petHavenHit(k(key), rule.windowSeconds * 1000, rule.max);
          return allowed === 1
            ? { allowed: true, retryAfterSeconds: 0 }
            : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
        },
        () => fallback.hit(key, rule),
      ),
    addMember: (key, member, rule) =>
      viaRedis(
        async () => {
          const [allowed, added, ms] = await (
            await connecting
          ).petHavenAddMember(k(key), member, rule.windowSeconds * 1000, rule.max);
          return allowed === 1
            ? { allowed: true, added: added === 1, retryAfterSeconds: 0 }
            : {
                allowed: false,
                added: false,
                retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
              };
        },
        () => fallback.addMember(key, member, rule),
      ),
    removeMember: async (key, member) => {
      // given back in both: the attempt may have been counted in either
      await fallback.removeMember(key, member);
      await viaRedis(
        async () => void (await (await connecting).srem(k(key), member)),
        async () => undefined,
      );
    },
    async ping() {
      await (await connecting).ping();
    },
    async close() {
      await fallback.close();
      (await connecting.catch(() => null))?.disconnect();
    },
  };
}
