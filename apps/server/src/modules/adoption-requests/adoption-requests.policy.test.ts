import { describe, expect, it } from 'vitest';
import { itAnswers, NOT_VERIFIED, type Row, unverified } from '../../../test/helpers/policy-table';
import * as requestsPolicy from './adoption-requests.policy';

const OWN_PET = 'You cannot request to adopt your own pet.';
const OTHERS = 'You can only see the adoption requests on your own pets.';
const NOT_PET_OWNER = "Only the pet's owner can accept or reject this request.";
const NOT_SENDER = 'Only the person who sent this request can withdraw it.';
const NOT_PARTY_READ = 'Only the two parties to this request can read it.';
const NOT_PARTY_WRITE = 'Only the two parties to this request can write in its conversation.';

// "owner" is the pet's owner, or the request's sender where the action says so
const onTheirPet = (petOwnerId: string) => ({ petOwnerId, requesterId: 'sender' });
const sentBy = (requesterId: string) => ({ petOwnerId: 'pet-owner', requesterId });

// prettier-ignore
const rows: Row[] = [
  // action                                           check                                                          anonymous user           owner    admin  admin who owns it
  ['request to adopt a pet (owner: of the pet)',      (a, o) => requestsPolicy.canCreate(a, { ownerId: o }),          [401,      'yes',         OWN_PET, 'yes', OWN_PET]],
  ['list the requests on own pets',                   (a) => requestsPolicy.canListForOwner(a, undefined),            [401,      'yes',         'yes',   'yes', 'yes']],
  ["list the requests on someone else's pets",        (a) => requestsPolicy.canListForOwner(a, 'else@example.com'),   [401,      OTHERS,        OTHERS,  'yes', 'yes']],
  ['accept or reject (owner: of the pet)',            (a, o) => requestsPolicy.canDecide(a, onTheirPet(o)),           [401,      NOT_PET_OWNER, 'yes',   'yes', 'yes']],
  ['deciding is audited (owner: of the pet)',         (a, o) => requestsPolicy.decidesAsAdmin(a, onTheirPet(o)),      ['no',     'no',          'no',    'yes', 'no']],
  ['withdraw (owner: the sender)',                    (a, o) => requestsPolicy.canWithdraw(a, sentBy(o)),             [401,      NOT_SENDER,    'yes',   'yes', 'yes']],
  ['withdrawing is audited (owner: the sender)',      (a, o) => requestsPolicy.withdrawsAsAdmin(a, sentBy(o)),        ['no',     'no',          'no',    'yes', 'no']],
  ['see phone and address (owner: of the pet)',       (a, o) => requestsPolicy.canSeeContact(a, onTheirPet(o)),       ['no',     'no',          'yes',   'yes', 'yes']],
  ['see phone and address (owner: the sender)',       (a, o) => requestsPolicy.canSeeContact(a, sentBy(o)),           ['no',     'no',          'yes',   'yes', 'yes']],
  ['read request and messages (owner: of the pet)',   (a, o) => requestsPolicy.canRead(a, onTheirPet(o)),             [401,      NOT_PARTY_READ, 'yes',  'yes', 'yes']],
  ['read request and messages (owner: the sender)',   (a, o) => requestsPolicy.canRead(a, sentBy(o)),                 [401,      NOT_PARTY_READ, 'yes',  'yes', 'yes']],
  ['write a message (owner: of the pet)',             (a, o) => requestsPolicy.canWrite(a, onTheirPet(o)),            [401,      NOT_PARTY_WRITE, 'yes', NOT_PARTY_WRITE, 'yes']],
  ['write a message (owner: the sender)',             (a, o) => requestsPolicy.canWrite(a, sentBy(o)),                [401,      NOT_PARTY_WRITE, 'yes', NOT_PARTY_WRITE, 'yes']],
];

describe('adoption requests policy: who may do what', () => {
  itAnswers(rows);
});

describe('an account whose e-mail is not verified (decision 032)', () => {
  it('may not ask to adopt a pet, admin or not', () => {
    for (const actor of [unverified.user, unverified.admin]) {
      expect(requestsPolicy.canCreate(actor, { ownerId: 'owner' })).toEqual(NOT_VERIFIED);
    }
  });
});
