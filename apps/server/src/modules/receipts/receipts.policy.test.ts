import { describe } from 'vitest';
import { itAnswers, type Row } from '../../../test/helpers/policy-table';
import * as receiptsPolicy from './receipts.policy';

const DONOR_ONLY = 'Only the donor can see this receipt.';

// prettier-ignore
const rows: Row[] = [
  //                                                                                  anonymous  user        owner (donor)  admin       adminOwner
  ['see a receipt (owner: the donor)', (a, o) => receiptsPolicy.canView(a, { donorId: o }), [401, DONOR_ONLY, 'yes', DONOR_ONLY, 'yes']],
  ['see the receipt of a deleted donor', (a) => receiptsPolicy.canView(a, { donorId: null }), [401, DONOR_ONLY, DONOR_ONLY, DONOR_ONLY, DONOR_ONLY]],
];

describe('receipts policy', () => {
  itAnswers(rows);
});
