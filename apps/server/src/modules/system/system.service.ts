import type { DependencyStatus, Readiness } from '@pet-haven/shared/system';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { withinMs } from '../../lib/readiness';

/** The database must answer within this for the process to be ready. */
const DATABASE_CHECK_MS = 2000;
/**
 * Redis and the store are only reported: their checks are kept well under a balancer's check
 * timeout (deploy/haproxy.cfg: 3 s), so a store that stops answering never takes a process out.
 */
const REPORTED_CHECK_MS = 800;

/** 'ok', or what went wrong. */
const check = (work: Promise<void>, ms: number, what: string): Promise<'ok' | Error> =>
  withinMs(work, ms, what).then(
    () => 'ok' as const,
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );

/**
 * GET /api/ready: whether this process takes requests (decision 038). Throws 503 while it drains
 * or when the database does not answer; reports Redis and the store, which every process shares.
 */
export async function checkReadiness(
  deps: Pick<AppDeps, 'readiness' | 'database' | 'counters' | 'imageStorage'>,
  logger: Logger,
): Promise<Readiness> {
  if (deps.readiness.draining) {
    throw new AppError('SERVICE_UNAVAILABLE', 'This server is shutting down.');
  }
  const [database, redis, storage] = await Promise.all([
    check(deps.database.ping(), DATABASE_CHECK_MS, 'The database'),
    deps.counters.kind === 'redis'
      ? check(deps.counters.ping(), REPORTED_CHECK_MS, 'Redis')
      : ('not-used' as const),
    check(deps.imageStorage.ping(), REPORTED_CHECK_MS, 'The object store'),
  ]);
  if (database !== 'ok') {
    logger.warn({ err: database }, 'Readiness check failed');
    throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.');
  }
  // checked every second by each balancer: the outage itself is logged where it is met
  const status = (answer: DependencyStatus | Error, service: string): DependencyStatus => {
    if (typeof answer === 'string') return answer;
    logger.debug({ err: answer, service }, 'Not reachable');
    return 'unreachable';
  };
  return {
    status: 'ready',
    checks: { database: 'ok', redis: status(redis, 'redis'), storage: status(storage, 'storage') },
  };
}
