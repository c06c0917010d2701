import { describe } from 'vitest';
import { itAnswers, type Row } from '../../../test/helpers/policy-table';
import * as paymentsPolicy from './payments.policy';

const RECORD = 'This payment belongs to another user.';
const CONFIRM = 'Only the donor who started this payment can confirm it.';

// "owner" is the donor who started the payment
// prettier-ignore
const rows: Row[] = [
  // action                                        check                                                              anonymous user     owner  admin    admin who owns it
  ['report a payment (record the donation)',       (a, o) => paymentsPolicy.canRecord(a, { donorId: o }),              [401,      RECORD,  'yes', RECORD,  'yes']],
  ['confirm a test payment',                       (a, o) => paymentsPolicy.canConfirm(a, { donorId: o }),             [401,      CONFIRM, 'yes', CONFIRM, 'yes']],
  ["report a payment whose donor's account is gone", (a) => paymentsPolicy.canRecord(a, { donorId: null }),            [401,      RECORD,  RECORD, RECORD, RECORD]],
];

describe('payments policy: who may do what', () => {
  itAnswers(rows);
});
