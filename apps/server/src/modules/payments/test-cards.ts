import { type DeclineCode, errorCatalogue } from '@pet-haven/shared/errors';

/**
 * The card checks of the built-in test provider: what a card processor checks (format, Luhn,
 * expiry, CVC) and Stripe's published test cards. Only test cards succeed, so nobody can pay
 * with a real card number by mistake: any other valid number is declined.
 */

export interface TestCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardOutcome = { ok: true } | { ok: false; code: DeclineCode; message: string };

/** Stripe test numbers that succeed (Visa, Visa debit, Mastercard, Amex, Discover). */
const succeeding = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

/** Stripe test numbers that decline, with Stripe's codes (their messages: the error catalogue's). */
const declining = new Map<string, DeclineCode>([
  ['4000000000000002', 'card_declined'],
  ['4000000000009995', 'insufficient_funds'],
  ['4000000000000069', 'expired_card'],
  ['4000000000000127', 'incorrect_cvc'],
  ['4000000000000119', 'processing_error'],
]);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A decline with Stripe's message for the code (the error catalogue's), or a more precise one. */
const decline = (
  code: DeclineCode,
  message: string = errorCatalogue[code].message,
): CardOutcome => ({
  ok: false,
  code,
  message,
});

export function checkTestCard(card: TestCard, now: Date = new Date()): CardOutcome {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) {
    return decline('invalid_number');
  }
  if (!luhnValid(digits)) return decline('incorrect_number');

  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return decline('invalid_expiry_month');
  }
  const year = card.expYear >= 0 && card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(year) || year > thisYear + 50 || year < 1900) {
    return decline('invalid_expiry_year');
  }
  if (year < thisYear || (year === thisYear && card.expMonth < thisMonth)) {
    return decline('expired_card');
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return decline('invalid_cvc');
  }

  const known = declining.get(digits);
  if (known) return decline(known);
  if (succeeding.has(digits)) return { ok: true };
  return decline(
    'card_declined',
    'Your card was declined. Test mode accepts only test cards, such as 4242 4242 4242 4242.',
  );
}
