import type { Actor, Decision } from '../../auth/authorize';
import { ownerOnly } from '../users/users.policy';

/**
 * Who may act on a card payment (a donation under way). Any signed-in user may start one for any
 * open campaign, their own included; whether the campaign takes it (paused, ended, full) is a
 * money rule of the payments service. Every answer is listed in payments.policy.test.ts.
 */

/** `donorId` is null once the donor's account is deleted: then nobody acts on it. */
type Payment = { readonly donorId: string | null };

/** POST /api/donations/record: only the donor who started the payment reports it. */
export const canRecord = (actor: Actor, payment: Payment): Decision =>
  ownerOnly(actor, payment.donorId, 'This payment belongs to another user.');

/** POST /api/test-payments/{paymentIntentId}/confirm (test provider): only the donor who started it. */
export const canConfirm = (actor: Actor, payment: Payment): Decision =>
  ownerOnly(actor, payment.donorId, 'Only the donor who started this payment can confirm it.');
