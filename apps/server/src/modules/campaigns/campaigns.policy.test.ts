import { describe, expect, it } from 'vitest';
import {
  ADMINS_ONLY as ADMINS,
  itAnswers,
  NOT_VERIFIED,
  type Row,
  unverified,
} from '../../../test/helpers/policy-table';
import * as campaignsPolicy from './campaigns.policy';

const EDIT = 'Only the owner of this campaign or an admin can edit it.';
const TOGGLE = 'Only the owner of this campaign can pause or unpause it.';
const ADMIN_PAUSE = 'An admin paused this campaign; only an admin can resume it.';
const DONATORS = 'Only the owner of this campaign or an admin can see its donators.';

const campaign = (ownerId: string, pausedByAdmin = false) => ({ ownerId, pausedByAdmin });

// prettier-ignore
const rows: Row[] = [
  // action                                  check                                                                anonymous user    owner        admin  admin who owns it
  ["see the owner's e-mail",                 (a) => campaignsPolicy.canSeeOwnerEmail(a),                          ['no',     'yes',   'yes',       'yes', 'yes']],
  ['create a campaign',                      (a) => campaignsPolicy.canCreate(a),                                 [401,      'yes',   'yes',       'yes', 'yes']],
  ['edit',                                   (a, o) => campaignsPolicy.canUpdate(a, campaign(o)),                 [401,      EDIT,    'yes',       'yes', 'yes']],
  ['editing is audited',                     (a, o) => campaignsPolicy.updatesAsAdmin(a, campaign(o)),            ['no',     'no',    'no',        'yes', 'no']],
  ['pause or unpause (owner toggle)',        (a, o) => campaignsPolicy.canTogglePause(a, campaign(o)),            [401,      TOGGLE,  'yes',       TOGGLE, 'yes']],
  ['owner toggle while paused by an admin',  (a, o) => campaignsPolicy.canTogglePause(a, campaign(o, true)),      [401,      TOGGLE,  ADMIN_PAUSE, TOGGLE, ADMIN_PAUSE]],
  ['see the donators',                       (a, o) => campaignsPolicy.canViewDonators(a, campaign(o)),           [401,      DONATORS, 'yes',      'yes', 'yes']],
  ['list every campaign (admin area)',       (a) => campaignsPolicy.canListAll(a),                                [401,      ADMINS,  ADMINS,      'yes', 'yes']],
  ['pause or resume any (admin area)',       (a) => campaignsPolicy.canSetPaused(a),                              [401,      ADMINS,  ADMINS,      'yes', 'yes']],
  ['delete (admin area; owners cannot)',     (a) => campaignsPolicy.canDelete(a),                                 [401,      ADMINS,  ADMINS,      'yes', 'yes']],
];

describe('campaigns policy: who may do what', () => {
  itAnswers(rows);
});

describe('an account whose e-mail is not verified (decision 032)', () => {
  it('may not create a campaign, admin or not', () => {
    for (const actor of [unverified.user, unverified.admin]) {
      expect(campaignsPolicy.canCreate(actor)).toEqual(NOT_VERIFIED);
    }
  });
});
