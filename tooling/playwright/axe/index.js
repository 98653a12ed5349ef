import axe from 'axe-core';

/** Where the fake YouTube player sits (fake-youtube): not YouTube's markup, and not ours. */
const FAKE_PLAYER = '[data-testid="fake-youtube-player"]';

/**
 * What axe finds on the page, every rule at every impact, one line per rule with the elements
 * it names. The YouTube player is a frame of YouTube's we do not control: it is left out (in the
 * tests it is the fake player, which is not YouTube's markup either).
 *
 * axe-core runs in the page itself, put into each of its frames as axe's own integrations do,
 * and is asked for its violations alone. Through `@axe-core/playwright` the same check took two
 * to three times as long (the playlist page 1.5 s against 0.54 s, the FAQ 0.66 s against 0.25 s):
 * its result carries every passed and inapplicable check with the markup of each element, which
 * the page serialises and the test throws away.
 */
export async function axeViolations(page) {
  await Promise.all(
    // A frame that goes away meanwhile has nothing to check.
    page.frames().map((frame) => frame.evaluate(axe.source).catch(() => undefined)),
  );
  return page.evaluate(async (excluded) => {
    const results = await window.axe.run(
      { exclude: [[excluded]] },
      { resultTypes: ['violations'] },
    );
    return results.violations.map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, FAKE_PLAYER);
}
