/**
 * The campaigns' plain values (page sizes, the calendar rules of the last date): no zod, so a
 * page that needs only these never loads the schemas (campaigns.ts re-exports them; decision 022).
 */

/** Campaigns per page of GET /api/donation-campaigns (the grid has up to 3 columns). */
export const CAMPAIGN_PAGE_SIZE = 9;

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The calendar date a campaign's last date is compared with: today "anywhere on Earth"
 * (UTC-12). A campaign accepts donations until its last date has ended everywhere, and a
 * date that is today for the person creating the campaign is never refused as past,
 * whatever their time zone. Used by the server and the web alike.
 */
export function campaignToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

/** True when a campaign with this last date no longer accepts donations. */
export function isCampaignEnded(lastDate: string, now: Date = new Date()): boolean {
  return lastDate < campaignToday(now);
}

/** Items per page of the lists that can grow (my campaigns, donators, my donations). */
export const DONATION_LIST_PAGE_SIZE = 20;
