import { describe } from 'vitest';
import { ADMINS_ONLY as ADMINS, itAnswers, type Row } from '../../../test/helpers/policy-table';
import * as auditPolicy from './audit.policy';

// prettier-ignore
const rows: Row[] = [
  // action              check                          anonymous user    owner   admin  admin who owns it
  ['read the audit log', (a) => auditPolicy.canRead(a), [401,      ADMINS,  ADMINS, 'yes', 'yes']],
];

describe('audit policy: who may do what', () => {
  itAnswers(rows);
});
