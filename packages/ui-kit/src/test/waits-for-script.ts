import { expect } from 'vitest';

/**
 * Checks that the server's markup holds `count` buttons, each disabled and marked for the page to
 * enable once it keeps presses (`useControlWaitsForScript`).
 */
export function expectButtonsWaitingForScript(markup: string, count: number): void {
  const buttons = markup.match(/<button[^>]*>/g) ?? [];
  expect(buttons).toHaveLength(count);
  for (const button of buttons) {
    expect(button).toContain('disabled=""');
    expect(button).toContain('data-waits-for-script=""');
  }
}
