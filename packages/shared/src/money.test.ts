import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  formatAmount,
  formatCents,
  fromCents,
  hasAtMostTwoDecimals,
  MAX_AMOUNT_CENTS,
  moneyInputSchema,
  parseMoneyInput,
  toCents,
} from './money';
import {
  campaignBodyOf,
  campaignToday,
  createCampaignBodySchema,
  createCampaignFormSchema,
  isCampaignEnded,
  isIsoDate,
} from './campaigns';
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
    // the number is the one the exact decimal text parses to, up to the largest safe cents
    const samples = [1, 3, 7, 10, 29, 99, 101, 999_999, 123_456_789, 2 ** 40 + 3, 2 ** 53 - 1];
    for (let cents = 0; cents < 1_000_000; cents += 1) samples.push(cents);
    for (let i = 0; i < 100_000; i++) samples.push(i * 90_071_992_547); // spread up to 2 ** 53
    const differing = samples
      .flatMap((cents) => [cents, -cents])
      .filter((cents) => !Object.is(fromCents(cents), Number(centsToDecimalString(cents))));
    expect(differing).toEqual([]);
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(centsToDecimalString(7)).toBe('0.07');
    expect(formatCents(250_000)).toBe('$2,500.00');
  });
});

describe('parseMoneyInput: what a person types, to integer cents', () => {
  const cents = (text: string) => {
    const input = parseMoneyInput(text, 'Donation amount');
    return input.ok ? input.cents : input.error;
  };

  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['25.', 2500],
    ['.5', 50],
    ['0.07', 7],
    ['007.10', 710],
    [' 19.99 ', 1999],
    ['$25', 2500],
    ['$ 1,250.75', 125075],
    ['1,000,000', 100_000_000],
    ['10000000', MAX_AMOUNT_CENTS],
    // the decimal text is read digit by digit: no float drift where 0.1 + 0.2 or x * 100 drift
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['1234567.89', 123456789],
  ])('%j is %d cents', (text, expected) => {
    expect(cents(text)).toBe(expected);
  });

  it.each([
    ['', 'Donation amount is required'],
    ['   ', 'Donation amount is required'],
    ['abc', 'Donation amount must be a number'],
    ['.', 'Donation amount must be a number'],
    ['$', 'Donation amount must be a number'],
    ['1e3', 'Donation amount must be a number'],
    ['1,5', 'Donation amount must be a number'],
    ['12,34.5', 'Donation amount must be a number'],
    ['25.5.5', 'Donation amount must be a number'],
    ['NaN', 'Donation amount must be a number'],
    ['10.555', 'Donation amount can have at most 2 decimals'],
    ['1.005', 'Donation amount can have at most 2 decimals'],
    ['0', 'Donation amount must be more than 0'],
    ['0.00', 'Donation amount must be more than 0'],
    ['-5', 'Donation amount must be more than 0'],
    ['10000000.01', 'Donation amount must be at most 10000000'],
    ['99999999999999999999', 'Donation amount must be at most 10000000'],
  ])('%j is refused: %s', (text, error) => {
    expect(cents(text)).toBe(error);
  });

  it('says whether the field was empty', () => {
    expect(parseMoneyInput('')).toEqual({ ok: false, empty: true, error: 'Amount is required' });
    expect(parseMoneyInput('x')).toMatchObject({ ok: false, empty: false });
  });

  it('every amount of 2 decimals parses to its cents and formats back', () => {
    for (let n = 1; n < 200_000; n += 97) {
      const text = centsToDecimalString(n);
      expect(cents(text)).toBe(n);
      expect(cents(formatCents(n))).toBe(n);
    }
  });

  it('is a form field schema whose value is the cents', () => {
    const schema = moneyInputSchema('Maximum donation amount');
    expect(schema.parse('1500.5')).toBe(150050);
    const refused = schema.safeParse('10.555');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      'Maximum donation amount can have at most 2 decimals',
    ]);
  });
});

describe('formatAmount: an API decimal amount for display', () => {
  it('formats exactly, without multiplying floats', () => {
    expect(formatAmount(25.5)).toBe('$25.50');
    expect(formatAmount(1.15)).toBe('$1.15');
    expect(formatAmount(1234567.89)).toBe('$1,234,567.89');
    expect(formatAmount(0)).toBe('$0.00');
  });

  it('refuses what is not an amount of at most 2 decimals', () => {
    expect(() => formatAmount(0.1 + 0.2)).toThrow(RangeError);
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

  it('the web form holds the maximum in cents and sends the API decimal dollars', () => {
    const typed = {
      petName: 'Rex',
      petPicture: '/api/images/abc',
      maxDonationAmount: '1,500.05',
      lastDate: '2999-01-01',
      shortDescription: 's',
      longDescription: 'l',
    };
    const form = createCampaignFormSchema.parse(typed);
    expect(form.maxDonationAmount).toBe(150005);
    const body = campaignBodyOf(form);
    expect(body.maxDonationAmount).toBe(1500.05);
    expect(createCampaignBodySchema.parse(body)).toEqual(body);
    expect(createCampaignFormSchema.safeParse({ ...typed, lastDate: '2001-01-01' }).success).toBe(
      false,
    );
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
