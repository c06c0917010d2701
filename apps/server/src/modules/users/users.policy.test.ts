import { describe, expect, it } from 'vitest';
import { ADMINS_ONLY as ADMINS, itAnswers, type Row } from '../../../test/helpers/policy-table';
import * as usersPolicy from './users.policy';

const PROFILE = 'You can only save your own profile.';
const CHECK = 'You can only check your own admin status.';
const ELSE = 'else@example.com';
/** The caller's own e-mail as a form might send it: other case, surrounding spaces. */
const ownEmail = (a: { email: string } | null) => (a ? `  ${a.email.toUpperCase()} ` : ELSE);

// "owner" is the user the action is about
// prettier-ignore
const rows: Row[] = [
  // action                                  check                                                   anonymous user     owner    admin  admin who owns it
  ['is an admin',                            (a) => usersPolicy.isAdmin(a),                          ['no',     'no',    'no',    'yes', 'yes']],
  ['is this user',                           (a, o) => usersPolicy.isSelf(a, o),                     ['no',     'no',    'yes',   'no',  'yes']],
  ['is the user of a deleted account',       (a) => usersPolicy.isSelf(a, null),                     ['no',     'no',    'no',    'no',  'no']],
  ['takes a listed admin role by its link',  (a, o) => usersPolicy.mayTakeListedAdminRole(a, o),     ['no',     'no',    'yes',   'no',  'yes']],
  ["acts on this user's things as an admin", (a, o) => usersPolicy.actsForSomeoneElse(a, o),         ['no',     'no',    'no',    'yes', 'no']],
  ['list users',                             (a) => usersPolicy.canListUsers(a),                     [401,      ADMINS,  ADMINS,  'yes', 'yes']],
  ['promote a user to admin',                (a) => usersPolicy.canPromote(a),                       [401,      ADMINS,  ADMINS,  'yes', 'yes']],
  ['save own profile',                       (a) => usersPolicy.canSaveProfile(a, ownEmail(a)),      [401,      'yes',   'yes',   'yes', 'yes']],
  ["save someone else's profile",            (a) => usersPolicy.canSaveProfile(a, ELSE),             [401,      PROFILE, PROFILE, PROFILE, PROFILE]],
  ['check own admin status',                 (a) => usersPolicy.canCheckAdmin(a, ownEmail(a)),       [401,      'yes',   'yes',   'yes', 'yes']],
  ["check someone else's admin status",      (a) => usersPolicy.canCheckAdmin(a, ELSE),              [401,      CHECK,   CHECK,   'yes', 'yes']],
  ["name someone else's list (?email=)",     (a) => usersPolicy.canListFor(a, ELSE, 'refused'),      [401,      'refused', 'refused', 'yes', 'yes']],
  ['name own list, or none (?email=)',       (a) => usersPolicy.canListFor(a, a ? ownEmail(a) : '', 'refused'), [401, 'yes', 'yes', 'yes', 'yes']],
];

describe('users policy: who may do what', () => {
  itAnswers(rows);

  it('knows the admin role only by its exact stored value', () => {
    expect(['admin', 'Admin', 'user', '', null, undefined].map(usersPolicy.isAdminRole)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('lets a user become an admin only once their e-mail is verified', () => {
    expect(
      [true, false].map((emailVerified) =>
        usersPolicy.mayBecomeAdmin({ role: 'user', emailVerified }),
      ),
    ).toEqual([true, false]);
    // an admin already is one (promoting answers 0), whatever the flag says
    expect(usersPolicy.mayBecomeAdmin({ role: 'admin', emailVerified: false })).toBe(true);
  });

  it('takes a left-out or blank ?email= as the caller', () => {
    const me = {
      id: 'me',
      email: 'me@example.com',
      name: 'Me',
      image: null,
      role: 'user' as const,
      emailVerified: true,
    };
    expect(
      [undefined, '', '   ', 'ME@example.com', 'you@example.com'].map((e) =>
        usersPolicy.namesSelf(me, e),
      ),
    ).toEqual([true, true, true, true, false]);
  });
});
