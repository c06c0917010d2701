import { describe, expect, it } from 'vitest';
import {
  ADMINS_ONLY as ADMINS,
  itAnswers,
  NOT_VERIFIED,
  type Row,
  unverified,
} from '../../../test/helpers/policy-table';
import * as petsPolicy from './pets.policy';

const NOT_OWNER = 'Only the owner of this pet can do this.';
const FOR_GOOD = 'Marking a pet adopted cannot be undone; ask an admin.';
const OTHERS = 'You can only list your own pets.';

const pet = (ownerId: string, adopted = false) => ({ ownerId, adopted });

// prettier-ignore
const rows: Row[] = [
  // action                                  check                                              anonymous user       owner     admin  admin who owns it
  ['view a pet',                             (a, o) => petsPolicy.canView(a, pet(o)),           ['yes',    'yes',     'yes',    'yes', 'yes']],
  ['view an adopted pet',                    (a, o) => petsPolicy.canView(a, pet(o, true)),     ['yes',    'yes',     'yes',    'yes', 'yes']],
  ['see adopted pets in lists',              (a) => petsPolicy.canSeeAdopted(a),                ['no',     'yes',     'yes',    'yes', 'yes']],
  ["see the owner's e-mail",                 (a) => petsPolicy.canSeeOwnerEmail(a),             ['no',     'yes',     'yes',    'yes', 'yes']],
  ['add a pet',                              (a) => petsPolicy.canCreate(a),                    [401,      'yes',     'yes',    'yes', 'yes']],
  ['list own pets',                          (a) => petsPolicy.canList(a, undefined),           [401,      'yes',     'yes',    'yes', 'yes']],
  ['list own pets naming oneself',           (a) => petsPolicy.canList(a, a ? ` ${a.email.toUpperCase()} ` : undefined), [401, 'yes', 'yes', 'yes', 'yes']],
  ["list someone else's pets",               (a) => petsPolicy.canList(a, 'else@example.com'),  [401,      OTHERS,    OTHERS,   'yes', 'yes']],
  ['update',                                 (a, o) => petsPolicy.canUpdate(a, pet(o)),         [401,      NOT_OWNER, 'yes',    'yes', 'yes']],
  ['delete',                                 (a, o) => petsPolicy.canDelete(a, pet(o)),         [401,      NOT_OWNER, 'yes',    'yes', 'yes']],
  ['mark adopted',                           (a, o) => petsPolicy.canSetAdopted(a, pet(o), true), [401,    NOT_OWNER, 'yes',    'yes', 'yes']],
  ['mark an adopted pet adopted again',      (a, o) => petsPolicy.canSetAdopted(a, pet(o, true), true), [401, NOT_OWNER, 'yes', 'yes', 'yes']],
  ['undo adopted',                           (a, o) => petsPolicy.canSetAdopted(a, pet(o, true), false), [401, NOT_OWNER, FOR_GOOD, 'yes', 'yes']],
  ['set not adopted on a pet not adopted',   (a, o) => petsPolicy.canSetAdopted(a, pet(o), false), [401,   NOT_OWNER, 'yes',    'yes', 'yes']],
  ['changes count as admin actions (audit)', (a, o) => petsPolicy.actsAsAdmin(a, pet(o)),       ['no',     'no',      'no',     'yes', 'no']],
  ['list every pet (admin area)',            (a) => petsPolicy.canListAll(a),                   [401,      ADMINS,    ADMINS,   'yes', 'yes']],
  ['delete any pet (admin area)',            (a) => petsPolicy.canDeleteAny(a),                 [401,      ADMINS,    ADMINS,   'yes', 'yes']],
  ['set adopted on any pet (admin area)',    (a) => petsPolicy.canSetAdoptedAny(a),             [401,      ADMINS,    ADMINS,   'yes', 'yes']],
];

describe('pets policy: who may do what', () => {
  itAnswers(rows);
});

describe('an account whose e-mail is not verified (decision 032)', () => {
  it('may not add a pet, admin or not', () => {
    for (const actor of [unverified.user, unverified.admin]) {
      expect(petsPolicy.canCreate(actor)).toEqual(NOT_VERIFIED);
    }
  });
});
