import { describe, expect, it } from 'vitest';
import { checkTestCard, luhnValid } from './test-cards';

const now = new Date('2026-06-15T12:00:00Z');
const card = (over: Partial<Parameters<typeof checkTestCard>[0]> = {}) =>
  checkTestCard(
    { cardNumber: '4242424242424242', expMonth: 6, expYear: 2026, cvc: '123', ...over },
    now,
  );

describe('test card checks', () => {
  it('knows the Luhn checksum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
  });

  it('accepts a card expiring this month, with a 2-digit year, spaces or dashes', () => {
    expect(card()).toEqual({ ok: true });
    expect(card({ expYear: 26 })).toEqual({ ok: true });
    expect(card({ cardNumber: '4242-4242-4242-4242' })).toEqual({ ok: true });
    expect(card({ cardNumber: '3782 822463 10005', cvc: '1234' })).toEqual({ ok: true });
  });

  it('declines like a processor', () => {
    expect(card({ expMonth: 5 })).toMatchObject({ ok: false, code: 'expired_card' });
    expect(card({ expYear: 25 })).toMatchObject({ ok: false, code: 'expired_card' });
    expect(card({ expYear: 2100 })).toMatchObject({ ok: false, code: 'invalid_expiry_year' });
    expect(card({ expMonth: 0 })).toMatchObject({ ok: false, code: 'invalid_expiry_month' });
    expect(card({ cvc: '12345' })).toMatchObject({ ok: false, code: 'invalid_cvc' });
    expect(card({ cardNumber: '4242 4242 42x2 4242' })).toMatchObject({ code: 'invalid_number' });
    expect(card({ cardNumber: '4000000000009995' })).toMatchObject({ code: 'insufficient_funds' });
    expect(card({ cardNumber: '4000000000000002' })).toMatchObject({ code: 'card_declined' });
  });
});
