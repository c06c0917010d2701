import { expect, it } from 'vitest';
import type { Actor, Decision } from '../../src/auth/authorize';
import type { AuthUser } from '../../src/lib/hono-env';

/**
 * Table-driven tests of the policies (`<resource>.policy.test.ts`): one row per action, one
 * column per kind of caller, the expected answer in each cell:
 *   'yes'  allowed (a Decision) or true (a yes/no question such as "may see the contact")
 *   'no'   false for a yes/no question
 *   401    anonymous caller asked to sign in
 *   '...'  refused: the message of the 403
 */
type Answer = 'yes' | 'no' | 401 | (string & {});

/** The 403 message of every admin-only action, whatever the resource. */
export const ADMINS_ONLY = 'Only admins can do this.';

const person = (id: string, role: AuthUser['role'], emailVerified = true): AuthUser => ({
  id,
  email: `${id}@example.com`,
  name: id,
  image: null,
  role,
  emailVerified,
});

/** Callers whose e-mail is not verified yet (decision 032), for the actions that need it. */
export const unverified = {
  user: person('unverified', 'user', false),
  admin: person('unverified-admin', 'admin', false),
};

/** What every action that needs a verified e-mail answers an unverified caller. */
export const NOT_VERIFIED = {
  allowed: false,
  signIn: false,
  code: 'EMAIL_NOT_VERIFIED',
  reason: 'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
} as const;

/** The callers of every table, in the columns' order. */
const callers = {
  anonymous: null,
  /** signed in, does not own the resource */
  user: person('someone', 'user'),
  /** owns the resource (the pet's or the campaign's owner, the request's sender, the donor) */
  owner: person('owner', 'user'),
  /** an admin who does not own the resource */
  admin: person('admin', 'admin'),
  /** an admin who owns the resource */
  adminOwner: person('admin-owner', 'admin'),
} satisfies Record<string, Actor>;

type Caller = keyof typeof callers;
const columns = Object.keys(callers) as Caller[];

/** The resource's owner id for a column: the admin-owner owns theirs, otherwise `owner`. */
const ownerIdFor = (who: Caller): string =>
  who === 'adminOwner' ? callers.adminOwner.id : callers.owner.id;

function answerOf(result: Decision | boolean): Answer {
  if (typeof result === 'boolean') return result ? 'yes' : 'no';
  if (result.allowed) return 'yes';
  return result.signIn ? 401 : result.reason;
}

/** The answers of an action, column by column: [anonymous, user, owner, admin, adminOwner]. */
export type Row = [
  action: string,
  check: (actor: Actor, ownerId: string) => Decision | boolean,
  expected: [Answer, Answer, Answer, Answer, Answer],
];

/** One test per row: the action's answers for every caller, as one array for a readable diff. */
export function itAnswers(rows: Row[]) {
  it.each(rows)('%s', (_action, check, expected) => {
    const got = columns.map((who) => answerOf(check(callers[who], ownerIdFor(who))));
    expect(Object.fromEntries(columns.map((who, i) => [who, got[i]]))).toEqual(
      Object.fromEntries(columns.map((who, i) => [who, expected[i]])),
    );
  });
}
