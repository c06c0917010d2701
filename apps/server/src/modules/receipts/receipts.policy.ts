import type { Actor, Decision } from '../../auth/authorize';
import { ownerOnly } from '../users/users.policy';

/**
 * Who may read a donation's receipt: its donor only (admins included only for their own). Every
 * answer is listed in receipts.policy.test.ts. A refusal is answered as 404 by the service, so a
 * receipt id tells nobody else that it exists.
 */
export const canView = (actor: Actor, receipt: { readonly donorId: string | null }): Decision =>
  ownerOnly(actor, receipt.donorId, 'Only the donor can see this receipt.');
