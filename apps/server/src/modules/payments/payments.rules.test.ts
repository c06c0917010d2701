import { campaignToday } from '@pet-haven/shared/campaigns';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  assertCanTake,
  assertMayOpenAnother,
  assertMayStart,
  closedReason,
  MAX_OPEN_PAYMENTS_PER_DONOR,
} from './payments.rules';

/**
 * The money rules on their own. Under concurrency and through the API they are proved in
 * payments.routes.test.ts (caps with reservations, 50 donors at once, exactly once) and
 * payments.stripe.test.ts (refunds when a campaign closed or filled before the payment completed).
 */

const now = new Date();
const today = campaignToday(now);
const yesterday = campaignToday(new Date(now.getTime() - 86_400_000));

const open: Parameters<typeof closedReason>[0] = {
  maxDonationCents: 10_000,
  raisedCents: 2_500,
  lastDate: today,
  paused: false,
  archivedAt: null,
};

function refusal(run: () => void): { code: string; message: string; path?: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, message: err.message, path: err.issues?.[0]?.path };
  }
}

describe('closedReason: a campaign takes money only while live', () => {
  it.each([
    ['open on its last date', open, null],
    [
      'removed (archived), even when also paused',
      { ...open, archivedAt: now, paused: true },
      'archived',
    ],
    ['paused', { ...open, paused: true }, 'paused'],
    ['past its last date', { ...open, lastDate: yesterday }, 'ended'],
  ] as const)('%s: %s', (_, campaign, reason) => {
    expect(closedReason(campaign, now)).toBe(reason);
  });
});

describe('assertCanTake: never past the maximum, counting payments under way', () => {
  const take = (campaign: typeof open | null, reserved: number, amount: number) =>
    refusal(() => assertCanTake(campaign, reserved, amount, now, 10));

  it('takes up to exactly what remains', () => {
    expect(take(open, 0, 7_500)).toBeNull();
    expect(take(open, 2_500, 5_000)).toBeNull();
  });

  it('refuses more than remains, naming the amount field and what remains', () => {
    expect(take(open, 0, 7_501)).toEqual({
      code: 'VALIDATION_FAILED',
      path: 'json.donationAmount',
      message: expect.stringContaining('Only $75.00 remains'),
    });
    expect(take(open, 2_500, 5_001)?.message).toMatch(/\$50\.00 .*counting payments under way/);
  });

  it('says full when raised, or held by payments under way for the reservation time', () => {
    expect(take({ ...open, raisedCents: 10_000 }, 0, 100)).toEqual({
      code: 'CAMPAIGN_FULL',
      message: 'This campaign has reached its maximum donation amount.',
    });
    expect(take(open, 7_500, 100)).toMatchObject({
      code: 'CAMPAIGN_FULL',
      message: expect.stringContaining('Please try again in 10 minutes'),
    });
  });

  it('refuses a missing or removed campaign (404), a paused one and an ended one', () => {
    expect(take(null, 0, 100)?.code).toBe('NOT_FOUND');
    expect(take({ ...open, archivedAt: now }, 0, 100)?.code).toBe('NOT_FOUND');
    expect(take({ ...open, paused: true }, 0, 100)?.code).toBe('CAMPAIGN_PAUSED');
    expect(take({ ...open, lastDate: yesterday }, 0, 100)).toEqual({
      code: 'CAMPAIGN_ENDED',
      message: `This campaign ended on ${yesterday}.`,
    });
  });
});

describe('assertMayOpenAnother: a donor holds a bounded number of payments under way', () => {
  it(`allows ${MAX_OPEN_PAYMENTS_PER_DONOR - 1} open, refuses ${MAX_OPEN_PAYMENTS_PER_DONOR} (429)`, () => {
    expect(refusal(() => assertMayOpenAnother(MAX_OPEN_PAYMENTS_PER_DONOR - 1, 10))).toBeNull();
    expect(refusal(() => assertMayOpenAnother(MAX_OPEN_PAYMENTS_PER_DONOR, 10))).toEqual({
      code: 'TOO_MANY_OPEN_PAYMENTS',
      message: expect.stringContaining('wait up to 10 minutes'),
    });
  });
});

describe('assertMayStart: an unknown campaign, then the donor, then the room', () => {
  const room = (donorOpenElsewhere: number, reservedCents = 0) => ({
    campaign: { ...open, id: 'c', petName: 'Luna' },
    reservedCents,
    donorOpenElsewhere,
  });
  it('answers 404 for an unknown campaign, even to a donor at the cap', () => {
    expect(refusal(() => assertMayStart(null, 100, now, 10))?.code).toBe('NOT_FOUND');
  });
  it('refuses a donor at the cap before looking at the room, then what does not fit', () => {
    const atCap = room(MAX_OPEN_PAYMENTS_PER_DONOR, 7_500);
    expect(refusal(() => assertMayStart(atCap, 100, now, 10))?.code).toBe('TOO_MANY_OPEN_PAYMENTS');
    expect(refusal(() => assertMayStart(room(0, 7_400), 100, now, 10))).toBeNull();
    expect(refusal(() => assertMayStart(room(0, 7_500), 100, now, 10))?.code).toBe('CAMPAIGN_FULL');
  });
});
