import { describe, expect, it } from 'vitest';
import { withSection } from './report.ts';

const budgets = [
  '# Budgets',
  '',
  'Lighthouse: 95 or more on mobile.',
  '',
  '<!-- bench:lighthouse start -->',
  '',
  'old Lighthouse figures',
  '',
  '<!-- bench:lighthouse end -->',
  '',
  '<!-- bench:maker start -->',
  '',
  'old maker figures',
  '',
  '<!-- bench:maker end -->',
  '',
].join('\n');

describe('withSection', () => {
  it("replaces one part's figures and leaves the hand-written limits and the other parts", () => {
    const updated = withSection(budgets, 'lighthouse', 'new Lighthouse figures');
    expect(updated).toBe(budgets.replace('old Lighthouse figures', 'new Lighthouse figures'));
  });

  it('replaces the figures again on the next run, not beside the old ones', () => {
    const once = withSection(budgets, 'maker', 'first run');
    const twice = withSection(once, 'maker', 'second run');
    expect(twice).toBe(budgets.replace('old maker figures', 'second run'));
  });

  it('adds a part without markers at the end, with its markers', () => {
    const updated = withSection(budgets, 'fresh-render', 'render figures');
    expect(updated).toBe(
      `${budgets.trimEnd()}\n\n<!-- bench:fresh-render start -->\n\nrender figures\n\n` +
        '<!-- bench:fresh-render end -->\n',
    );
  });
});
