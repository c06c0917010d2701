/**
 * A calendar date (YYYY-MM-DD, e.g. a campaign's last date) as text, the same in every time zone:
 * 'long' gives December 31, 2026 (details), 'short' Dec 31, 2026 (tables).
 */
export function formatCalendarDate(isoDate: string, month: 'long' | 'short' = 'long'): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return d.toLocaleDateString('en-US', { year: 'numeric', month, day: 'numeric', timeZone: 'UTC' });
}

/** An ISO time as a short local date and time. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
