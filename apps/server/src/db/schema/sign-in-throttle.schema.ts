import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Failed e-mail sign-ins per account, for the per-account back-off (auth/sign-in-throttle.service.ts).
 * Keyed by the e-mail as typed (trimmed, lower-case), whether or not an account has it, so the lock
 * never tells which addresses are registered. Shared by every server process on the database.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    email: text('email').primaryKey(),
    /** Attempts counted since the last success (each attempt counts when it starts). */
    failures: integer('failures').notNull().default(0),
    /** Sign-in for this e-mail answers 429 until then, whatever the password. */
    lockedUntil: timestamptz('locked_until'),
    lastAttemptAt: timestamptz('last_attempt_at').notNull(),
  },
  (t) => [index('sign_in_throttle_last_attempt_idx').on(t.lastAttemptAt)],
);
