/**
 * Money is integer cents (the `Cents` type) everywhere but in the API's JSON, which carries
 * decimal dollars (e.g. 25.5). Exact conversions both ways, the one parser of what a person types
 * and the one formatter: amounts in go through the decimal string, never through float
 * arithmetic, so 0.1 + 0.2 style drift cannot creep into an amount; the one way out, `fromCents`,
 * is a single division, rounded as parsing the exact decimal text would be. No zod here: a page
 * that only shows amounts never loads the schemas; money.ts adds the form field's schema
 * (decision 022).
 */
/** Integer cents (2550 is $25.50): the one money type of the web, the server and the database. */
export type Cents = number;

/** The largest amount the API accepts anywhere (10 million), far inside a 32-bit cents column. */
export const MAX_AMOUNT = 10_000_000;
export const MAX_AMOUNT_CENTS = MAX_AMOUNT * 100;

const decimalPattern = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/** The plain decimal text of a number or numeric string, or null (exponents, NaN, signs...). */
function decimalText(value: number | string): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String(25.5) === '25.5'; very small or large numbers use exponents and are refused below.
    return String(value);
  }
  return value.trim();
}

/** True when the value is a non-negative decimal with at most 2 fractional digits. */
export function hasAtMostTwoDecimals(value: number | string): boolean {
  const text = decimalText(value);
  return text !== null && decimalPattern.test(text);
}

/**
 * Cents for a decimal amount with at most 2 places: 25 -> 2500, 25.5 -> 2550, '0.07' -> 7.
 * Returns null for anything else (negative, more decimals, exponent form, not a number).
 */
export function toCents(value: number | string): Cents | null {
  const text = decimalText(value);
  if (text === null) return null;
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Like toCents, for values already validated by a schema: throws on anything else. */
export function toCentsStrict(value: number | string): Cents {
  const cents = toCents(value);
  if (cents === null) throw new RangeError(`Not an amount with at most 2 decimals: ${value}`);
  return cents;
}

/**
 * The decimal number for integer cents: 2550 -> 25.5. The division is rounded to the nearest
 * double of the exact quotient, as parsing the exact text '25.50' is: the same number, without
 * the text (money.test.ts checks the two agree).
 */
export function fromCents(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  return cents === 0 ? 0 : cents / 100; // never -0
}

/** The exact decimal text for integer cents: 2550 -> '25.50', 7 -> '0.07', -150 -> '-1.50'. */
export function centsToDecimalString(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** A display text for an amount in dollars: 2550 -> '$25.50', 250000 -> '$2,500.00'. */
export function formatCents(cents: Cents): string {
  const [whole = '0', fraction = '00'] = centsToDecimalString(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/** A display text for an API decimal amount: 25.5 -> '$25.50' (exact: through toCentsStrict). */
export function formatAmount(amount: number): string {
  return formatCents(toCentsStrict(amount));
}

/** What a person typed in an amount field: cents, or why it is not an amount. */
export type MoneyInput = { ok: true; cents: Cents } | { ok: false; empty: boolean; error: string };

// '25', '25.5', '.50', '1,250.00', '$25': digits (optionally grouped by thousands), any decimals
// (more than 2 are refused with their own message), an optional dollar sign.
const moneyInputPattern = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/**
 * Parses an amount typed in dollars into integer cents, exactly (digit by digit, no floating
 * point): '25' -> 2500, '1,250.5' -> 125050, '$0.07' -> 7. Refuses, with a sentence naming
 * `field` (the same sentences as the API's amount schemas): an empty text, text that is not an
 * amount, more than 2 decimals, 0 or less, more than MAX_AMOUNT.
 */
export function parseMoneyInput(text: string, field = 'Amount'): MoneyInput {
  const input = text.trim();
  const refuse = (error: string): MoneyInput => ({ ok: false, empty: input === '', error });
  if (input === '') return refuse(`${field} is required`);
  if (/^-\$?\s*[\d.,]+$/.test(input)) return refuse(`${field} must be more than 0`);
  const match = moneyInputPattern.exec(input);
  if (!match || (match[1] === undefined && !match[2])) {
    return refuse(`${field} must be a number`);
  }
  const whole = (match[1] ?? '0').replaceAll(',', '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return refuse(`${field} can have at most 2 decimals`);
  if (whole.length > String(MAX_AMOUNT).length) {
    return refuse(`${field} must be at most ${MAX_AMOUNT}`);
  }
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) return refuse(`${field} must be more than 0`);
  if (cents > MAX_AMOUNT_CENTS) return refuse(`${field} must be at most ${MAX_AMOUNT}`);
  return { ok: true, cents };
}
