import AxeBuilder from '@axe-core/playwright';

/**
 * What axe finds on the page, every rule at every impact, one line per rule with the elements
 * it names. The YouTube player is a frame of YouTube's we do not control: it is left out (in the
 * tests it is the fake player, which is not YouTube's markup either).
 *
 * Axe runs in the page itself (legacy mode) rather than gathering each frame's results in a blank
 * page it opens for the purpose: the tested pages have no frame of another origin, and the blank
 * page took half of each check's time (2.7 s against 1.4 s for the network page).
 */
export async function axeViolations(page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('[data-testid="fake-youtube-player"]')
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
