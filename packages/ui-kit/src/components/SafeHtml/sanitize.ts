import createDOMPurify, { type DOMPurify } from 'dompurify';

/** http, https and mailto addresses, and paths and anchors on the site itself. */
const ALLOWED_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

let purifier: DOMPurify | undefined;

/**
 * A DOMPurify instance of our own, so that the hook below (links leaving the site open in a new tab
 * and keep no opener or referrer) does not change other users of the shared instance.
 */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof HTMLAnchorElement && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/** Removes scripts, event handlers and unsafe link targets from HTML before it is shown. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, { ALLOWED_URI_REGEXP: ALLOWED_URI });
}
