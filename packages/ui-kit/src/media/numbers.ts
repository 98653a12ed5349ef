/**
 * A count as the site writes it, in the US way: "12,345". By hand for the reason
 * `formatLongUsDate` is (media/dates.ts): `Intl.NumberFormat`'s first use costs a page's start
 * tens of milliseconds. The test holds it to `Intl`'s output.
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return String(count);
  const whole = Math.round(Math.abs(count)).toString();
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 && whole !== '0' ? `-${grouped}` : grouped;
}
