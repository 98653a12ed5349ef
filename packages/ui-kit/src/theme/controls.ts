import { WAITS_FOR_SCRIPT } from '@fansite/ssr/browser';

/**
 * A control's selectors (`useControlWaitsForScript`): disabled in the server's HTML only until
 * the page's first script keeps presses, it is drawn as usual (dimming it would flash on every
 * load); disabled for a reason of its own (busy, unavailable), it looks so.
 */
export const WAITING_FOR_SCRIPT = `&:disabled[${WAITS_FOR_SCRIPT}]`;
export const UNAVAILABLE = `&:disabled:not([${WAITS_FOR_SCRIPT}])`;
