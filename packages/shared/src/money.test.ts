import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  formatCents,
  fromCents,
  hasAtMostTwoDecimals,
  toCents,
} from './money';
import { campaignToday, createCampaignBodySchema, isCampaignEnded, isIsoDate } from './campaigns';
import { createPaymentBodySchema } from './payments';

describe('money', () => {
  it('converts decimals to cents exactly', () => {
    expect(toCents(25)).toBe(2500);
    expect(toCents(25.5)).toBe(2550);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.1)).toBe(110);
    expect(toCents('0.29')).toBe(29);
    expect(toCents(1234567.89)).toBe(123456789);
  });

  it('refuses what is not an amount with at most 2 decimals', () => {
    expect(toCents(1.005)).toBeNull();
    expect(toCents(0.1 + 0.2)).toBeNull();
    expect(toCents(-1)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(1e21)).toBeNull();
    expect(toCents('1e3')).toBeNull();
    expect(toCents('')).toBeNull();
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });

  it('converts cents back without drift', () => {
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(toCents(fromCents(cents))).toBe(cents);
    }
    expect(centsToDecimalString(7)).toBe('0.07');
    expect(formatCents(250_000)).toBe('$2,500.00');
  });
});

describe('campaign dates', () => {
  it('knows real dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-02-01')).toBe(false);
  });

  it('uses today anywhere on Earth', () => {
    expect(campaignToday(new Date('2026-05-10T11:59:00Z'))).toBe('2026-05-09');
    expect(campaignToday(new Date('2026-05-10T12:00:00Z'))).toBe('2026-05-10');
    expect(isCampaignEnded('2026-05-09', new Date('2026-05-10T11:00:00Z'))).toBe(false);
    expect(isCampaignEnded('2026-05-09', new Date('2026-05-10T13:00:00Z'))).toBe(true);
  });

  it('refuses a past last date on creation', () => {
    const base = {
      petName: 'Rex',
      petPicture: '/api/images/abc',
      maxDonationAmount: 100,
      shortDescription: 's',
      longDescription: 'l',
    };
    expect(createCampaignBodySchema.safeParse({ ...base, lastDate: '2001-01-01' }).success).toBe(
      false,
    );
    expect(createCampaignBodySchema.safeParse({ ...base, lastDate: '2999-01-01' }).success).toBe(
      true,
    );
    expect(
      createCampaignBodySchema.safeParse({
        ...base,
        lastDate: '2999-01-01',
        maxDonationAmount: 1.234,
      }).success,
    ).toBe(false);
  });

  it('checks donation amounts', () => {
    const id = '6f1c1a52-8c1e-4d59-9f53-3b1f0e1a2b3c';
    const ok = (v: unknown) =>
      createPaymentBodySchema.safeParse({ donationAmount: v, donationCampaignId: id }).success;
    expect(ok(25)).toBe(true);
    expect(ok(1)).toBe(true);
    expect(ok(0.99)).toBe(false);
    expect(ok(0)).toBe(false);
    expect(ok(-5)).toBe(false);
    expect(ok(10.123)).toBe(false);
    expect(ok('25')).toBe(false);
  });
});
