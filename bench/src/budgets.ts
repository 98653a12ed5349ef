/**
 * The limits of docs/budgets.md (its hand-written part) that the bench judges its figures by.
 * The API routes' p99 limits are in workloads.ts, the million songs' in million.ts and the song
 * maker's in maker.ts, beside what they measure.
 */
import type { LighthouseFormFactor, LighthouseResult } from './lighthouse.ts';

/** The home page's JavaScript loaded up front, gzip. */
export const INITIAL_JS_BUDGET_KB = 150;

/** Lighthouse's performance scores, and the simulated phone's LCP, TBT and CLS. */
const LIGHTHOUSE_BUDGET: Record<LighthouseFormFactor, number> = { mobile: 95, desktop: 100 };
const MOBILE_LCP_BUDGET_MS = 2_000;
const MOBILE_TBT_BUDGET_MS = 150;
const MOBILE_CLS_BUDGET = 0.05;

export const LIGHTHOUSE_BUDGET_TEXT =
  `mobile ${LIGHTHOUSE_BUDGET.mobile} or more with LCP under ` +
  `${MOBILE_LCP_BUDGET_MS.toLocaleString('en-US')} ms, TBT under ${MOBILE_TBT_BUDGET_MS} ms and ` +
  `CLS under ${MOBILE_CLS_BUDGET}; desktop ${LIGHTHOUSE_BUDGET.desktop}`;

export function withinLighthouseBudget(
  formFactor: LighthouseFormFactor,
  result: LighthouseResult | null,
): boolean {
  if (result === null || result.score < LIGHTHOUSE_BUDGET[formFactor]) return false;
  if (formFactor === 'desktop') return true;
  return (
    result.lcpMs < MOBILE_LCP_BUDGET_MS &&
    result.tbtMs < MOBILE_TBT_BUDGET_MS &&
    result.cls < MOBILE_CLS_BUDGET
  );
}

export function verdict(passed: boolean | null): string {
  if (passed === null) return 'no budget';
  return passed ? 'pass' : 'FAIL';
}
