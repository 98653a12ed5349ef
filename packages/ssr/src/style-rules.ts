import { __PRIVATE__, ServerStyleSheet } from 'styled-components';

/**
 * Each page rendered on the server collects its styled-components rules in a style sheet of its
 * own, so that the page carries the rules it uses and no others. styled-components compiles a
 * component's CSS (stylis) the first time a sheet meets a class name, which with a new sheet per
 * page is every page: about a fifth of a fresh render's main-thread time. A class name is a hash
 * of the CSS it stands for, and a keyframes' or static global style's name is fixed, so the rules
 * compiled under a name are the same on every page: they are kept here for the process, and a
 * page's sheet that meets a known name takes its rules from here instead of compiling them.
 */
const compiledRules = new Map<string, string[]>();

/**
 * Past this many names the kept rules are dropped and kept again from the next pages: a style
 * interpolating a value that differs on every page would otherwise grow the map for good.
 */
const MAX_KEPT_NAMES = 20_000;

const ruleKey = (id: string, name: string) => `${id} ${name}`;

class PageStyleSheet extends __PRIVATE__.StyleSheet {
  /**
   * Asked before a name's CSS is compiled: a name this process has compiled before goes into this
   * page's sheet with its kept rules, and the caller skips compiling it.
   */
  override hasNameForId(id: string, name: string): boolean {
    if (super.hasNameForId(id, name)) return true;
    const rules = compiledRules.get(ruleKey(id, name));
    if (rules === undefined) return false;
    super.insertRules(id, name, rules);
    return true;
  }

  override insertRules(id: string, name: string, rules: string[]): void {
    if (compiledRules.size >= MAX_KEPT_NAMES) compiledRules.clear();
    compiledRules.set(ruleKey(id, name), rules);
    super.insertRules(id, name, rules);
  }
}

/**
 * A `ServerStyleSheet` for one page whose rules come from those compiled for earlier pages where
 * it can: the same style tag, with the same rules in the same order, as a new sheet writes.
 */
export function pageStyleSheet(): ServerStyleSheet {
  const sheet = new ServerStyleSheet();
  sheet.instance = new PageStyleSheet({ isServer: true });
  return sheet;
}
