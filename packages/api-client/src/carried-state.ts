import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the JSON block that carries the server's query cache into a rendered page. */
export const QUERY_STATE_ID = 'query-state';

/** JSON inside a `<script>` element: `<` escaped so no value can close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * On the server: the data a page was rendered from, as a JSON block that does not run (the CSP
 * allows no inline script), for the end of the page's body.
 */
export function carriedStateScript(queryClient: QueryClient): string {
  return `<script type="application/json" id="${QUERY_STATE_ID}">${scriptSafeJson(
    dehydrate(queryClient),
  )}</script>`;
}

/**
 * In the browser: starts the cache from the data the server rendered the page from. False when
 * the page carries none (it was not rendered on the server), and the app renders from scratch.
 */
export function adoptCarriedState(queryClient: QueryClient, page: Document = document): boolean {
  const block = page.getElementById(QUERY_STATE_ID);
  if (!block?.textContent) return false;
  const dehydrated = JSON.parse(block.textContent) as DehydratedState;
  // The server may send a page rendered a while ago (its render cache lasts until the catalogue
  // changes, so its data is still current): it counts as read now, not refetched on arrival.
  const now = Date.now();
  for (const query of dehydrated.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, dehydrated);
  return true;
}
