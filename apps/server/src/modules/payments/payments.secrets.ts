import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The client secret of a payment intent is answered once to the donor's browser; we keep only
 * its SHA-256 (the test provider's confirm compares against it in constant time).
 */
export const hashClientSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

export function clientSecretMatches(storedHex: string, given: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = createHash('sha256').update(given).digest();
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}
