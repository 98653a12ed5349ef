import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the JSON block that carries the server's query cache into a rendered page. */
export const QUERY_STATE_ID = 'query-state';

/** JSON inside a `<script>` element: `<` escaped so no value can close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * On the server: a value a page was rendered from, as a JSON block that does not run (the CSP
 * allows no inline script), for the end of the page's body.
 */
export function carriedJsonScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;
}

/** In the browser: the value a block written by `carriedJsonScript` carries, or undefined. */
export function readCarriedJson(id: string, page: Document = document): unknown {
  const text = page.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** On the server: the query cache a page was rendered from (see `carriedJsonScript`). */
export function carriedStateScript(queryClient: QueryClient): string {
  return carriedJsonScript(QUERY_STATE_ID, dehydrate(queryClient));
}

/**
 * In the browser: starts the cache from the data the server rendered the page from. False when
 * the page carries none (it was not rendered on the server), and the app renders from scratch.
 */
export function adoptCarriedState(queryClient: QueryClient, page: Document = document): boolean {
  const dehydrated = readCarriedJson(QUERY_STATE_ID, page) as DehydratedState | undefined;
  if (!dehydrated) return false;
  // The server may send a page rendered a while ago (its render cache lasts until the catalogue
  // changes, so its data is still current): it counts as read now, not refetched on arrival.
  const now = Date.now();
  for (const query of dehydrated.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, dehydrated);
  return true;
}
