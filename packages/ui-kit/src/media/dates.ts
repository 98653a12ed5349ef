/**
 * The one way the site writes a date (songs added, conversions, promotion days): docs/product.md's
 * long US format.
 *
 * Written by hand rather than with `Intl.DateTimeFormat`: a page's first use of `Intl` loads the
 * browser's locale data, 20-30 ms of the main thread on a desktop (four times that on a phone) in
 * the middle of the page's start, for a format that needs twelve month names. The test holds it
 * to `Intl`'s output.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A date as docs/product.md's long US format writes it: "January 2, 2026". */
export function formatLongUsDate(isoDate: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return '';
  // Dates are stored in UTC; reading them in UTC shows every visitor the same day.
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
