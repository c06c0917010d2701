/**
 * Sign-in throttling for e-mail and password (decision record 015):
 * - per account: exponential back-off per e-mail (lower-case), whatever the client's address, kept
 *   in the database so every server process sees the same count. The first
 *   `accountFreeFailures` failures are free; each further one locks the e-mail for twice as long
 *   as the one before (1 s, 2 s, 4 s, ... up to `accountLockMaxSeconds`). While locked, sign-in
 *   for it answers 429 whatever the password. A successful sign-in or a password reset forgets it;
 *   so does a day without any attempt.
 * - per client address: at most `addressMaxEmails` different e-mails with failed sign-ins per
 *   `windowSeconds`, so one address cannot spray guesses over many accounts. Successful sign-ins
 *   do not count, and one person's repeated typos count once (their account's back-off slows them):
 *   people behind one address (an office, a school) are not punished for one person's typos.
 *   Counted in the shared counters (Redis when REDIS_URL is set, so every process sees the same
 *   count; otherwise this process's memory).
 *
 * An attempt counts when it starts (before the password is checked) and is given back when it
 * succeeds, so a burst of parallel guesses cannot all pass before the first failure is recorded.
 */
import type { AppDeps } from '../app-deps';
import {
  deleteAccountThrottle,
  deleteStaleAccountThrottles,
  lockAccountThrottle,
  saveAccountThrottle,
} from './sign-in-throttle.repository';

export interface SignInThrottlePolicy {
  /** Failed sign-ins per account before the first lock. */
  accountFreeFailures: number;
  /** The longest lock of an account. */
  accountLockMaxSeconds: number;
  /** Different e-mails with failed sign-ins per client address per window. */
  addressMaxEmails: number;
  windowSeconds: number;
}

/** The lock after the first failure beyond the free ones; each further failure doubles it. */
export const FIRST_LOCK_SECONDS = 1;
/** An e-mail without any attempt for this long starts again from no failures (its row goes). */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often a process deletes forgotten rows (a bounded batch each time). */
const SWEEP_INTERVAL_MS = 60 * 1000;
const SWEEP_BATCH = 500;

/** Seconds the account is locked for after its `failures`-th failure in a row (0: not locked). */
export function accountLockSeconds(failures: number, policy: SignInThrottlePolicy): number {
  const beyond = failures - policy.accountFreeFailures;
  if (beyond <= 0) return 0;
  return Math.min(policy.accountLockMaxSeconds, FIRST_LOCK_SECONDS * 2 ** Math.min(beyond - 1, 40));
}

export type SignInDecision =
  | { allowed: true }
  | { allowed: false; limit: 'account' | 'address'; retryAfterSeconds: number; message: string };

const inWords = (seconds: number) =>
  seconds >= 120
    ? `${Math.ceil(seconds / 60)} minutes`
    : `${seconds} second${seconds === 1 ? '' : 's'}`;

export interface SignInThrottle {
  /**
   * Counts an attempt to sign in as `email` (lower-case) from `address` (null: unknown, e.g. a
   * server-side call), or answers why it must wait.
   */
  begin(email: string, address: string | null): Promise<SignInDecision>;
  /** The attempt begun for `email` from `address` signed in: the account's failures are forgotten. */
  succeeded(email: string, address: string | null): Promise<void>;
  /** The account's password was reset: its failures and lock are forgotten. */
  reset(email: string): Promise<void>;
}

/** Made once per Better Auth instance (createAuth), with the limits of AUTH_SIGN_IN_*. */
export function createSignInThrottle(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger' | 'now' | 'counters'>,
): SignInThrottle {
  const { now } = deps;
  const db = deps.database.db;
  const policy: SignInThrottlePolicy = deps.config.signInThrottle;
  let lastSweep = -Infinity;
  const addressKey = (address: string) => `sign-in-address:${address}`;
  const addressRule = { windowSeconds: policy.windowSeconds, max: policy.addressMaxEmails };

  /** Counts `email` for `address` (answers whether it was new to its window), or refuses. */
  const claimAddress = async (
    address: string,
    email: string,
  ): Promise<SignInDecision & { added?: boolean }> => {
    const answer = await deps.counters.addMember(addressKey(address), email, addressRule);
    if (answer.allowed) return { allowed: true, added: answer.added };
    const retryAfterSeconds = answer.retryAfterSeconds;
    return {
      allowed: false,
      limit: 'address',
      retryAfterSeconds,
      message: `Too many failed sign-ins from your network. Please try again in ${inWords(retryAfterSeconds)}.`,
    };
  };
  const giveBackAddress = async (address: string | null, email: string) => {
    if (address) await deps.counters.removeMember(addressKey(address), email);
  };

  const claimAccount = (email: string, at: Date): Promise<SignInDecision> =>
    db.transaction(async (tx) => {
      const row = await lockAccountThrottle(tx, email, at);
      if (row.lockedUntil && row.lockedUntil > at) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((row.lockedUntil.getTime() - at.getTime()) / 1000),
        );
        return {
          allowed: false,
          limit: 'account',
          retryAfterSeconds,
          message: `Too many failed sign-ins for this account. Please try again in ${inWords(retryAfterSeconds)}.`,
        } as const;
      }
      const forgotten = at.getTime() - row.lastAttemptAt.getTime() >= FORGET_AFTER_MS;
      const failures = (forgotten ? 0 : row.failures) + 1;
      const lock = accountLockSeconds(failures, policy);
      await saveAccountThrottle(tx, email, {
        failures,
        lockedUntil: lock > 0 ? new Date(at.getTime() + lock * 1000) : null,
        lastAttemptAt: at,
      });
      return { allowed: true } as const;
    });

  const sweep = async (at: Date) => {
    if (at.getTime() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = at.getTime();
    try {
      await deleteStaleAccountThrottles(
        db,
        new Date(at.getTime() - FORGET_AFTER_MS),
        at,
        SWEEP_BATCH,
      );
    } catch (err) {
      deps.logger.warn({ err }, 'Could not delete old sign-in throttle rows');
    }
  };

  return {
    async begin(email, address) {
      const at = now();
      let added = false;
      if (address) {
        const byAddr = await claimAddress(address, email);
        if (!byAddr.allowed) return byAddr;
        added = byAddr.added === true;
      }
      const giveBack = async () => {
        if (added) await giveBackAddress(address, email);
      };
      let decision: SignInDecision;
      try {
        decision = await claimAccount(email, at);
      } catch (err) {
        await giveBack();
        throw err;
      }
      if (!decision.allowed) {
        // No password was checked: the address's budget is for guesses.
        await giveBack();
        return decision;
      }
      await sweep(at);
      return decision;
    },
    async succeeded(email, address) {
      await giveBackAddress(address, email);
      await deleteAccountThrottle(db, email);
    },
    async reset(email) {
      await deleteAccountThrottle(db, email);
    },
  };
}
