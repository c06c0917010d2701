import { describe } from 'vitest';
import { ADMINS_ONLY, itAnswers, type Row } from '../../../test/helpers/policy-table';
import * as mailPolicy from './mail.policy';

// prettier-ignore
const rows: Row[] = [
  //                                                      anonymous  user         owner        admin  adminOwner
  ['see how mail is delivered', (a) => mailPolicy.canSeeStatus(a), [401, ADMINS_ONLY, ADMINS_ONLY, 'yes', 'yes']],
];

describe('mail policy', () => {
  itAnswers(rows);
});
