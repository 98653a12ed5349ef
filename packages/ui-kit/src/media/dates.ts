/**
 * The one way the site writes a date (songs added, conversions, promotion days): docs/product.md's
 * long US format.
 */

// Dates are stored in UTC; reading them in UTC shows every visitor the same day.
const longUsDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A date as docs/product.md's long US format writes it: "January 2, 2026". */
export function formatLongUsDate(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? '' : longUsDate.format(date);
}
