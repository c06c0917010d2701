/**
 * Exact conversions between the API's decimal amounts (e.g. 25.5) and the database's integer
 * cents. Everything goes through the decimal string, never through float arithmetic, so
 * 0.1 + 0.2 style drift cannot creep into a stored amount.
 */

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
export function toCents(value: number | string): number | null {
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
export function toCentsStrict(value: number | string): number {
  const cents = toCents(value);
  if (cents === null) throw new RangeError(`Not an amount with at most 2 decimals: ${value}`);
  return cents;
}

/** The decimal number for integer cents: 2550 -> 25.5 (parsed from the exact text '25.50'). */
export function fromCents(cents: number): number {
  return Number(centsToDecimalString(cents));
}

/** The exact decimal text for integer cents: 2550 -> '25.50', 7 -> '0.07', -150 -> '-1.50'. */
export function centsToDecimalString(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** A display text for an amount in dollars: 2550 -> '$25.50', 250000 -> '$2,500.00'. */
export function formatCents(cents: number): string {
  const [whole = '0', fraction = '00'] = centsToDecimalString(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/** A display text for an API decimal amount: 25.5 -> '$25.50'. */
export function formatAmount(amount: number): string {
  const cents = Math.round(amount * 100);
  return formatCents(cents);
}
