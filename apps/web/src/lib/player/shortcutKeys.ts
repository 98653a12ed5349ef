/** Keys that belong to whatever has focus: typing in a field, pressing a focused button. */
function keyBelongsToFocus(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) {
    return true;
  }
  return event.key === ' ' && target.closest('button, a') !== null;
}

/**
 * Whether a key pressed on the page is the player's to handle: not taken already, without a
 * modifier (the browser's and the system's shortcuts), not typed into what has focus.
 */
export function isPlayerKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  return !keyBelongsToFocus(event);
}

/** The key that shows the list of shortcuts, with or without a song. */
export const SHORTCUTS_HELP_KEY = '?';
