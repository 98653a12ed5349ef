import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';

/** The id of the JSON block that carries the server's query cache into a rendered page. */
const QUERY_STATE_ID = 'query-state';

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

/** A failed read as it travels: what the page showed of it (`code`, `message`), no stack. */
interface CarriedError {
  name: string;
  code?: number;
  message: string;
}

/**
 * On the server: the query cache a page was rendered from (see `carriedJsonScript`). Reads that
 * failed travel too, as the message the page showed with its Retry: the browser's first render
 * must show the same, not start the read again behind a spinner.
 */
export function carriedStateScript(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      defaultShouldDehydrateQuery(query) || query.state.status === 'error',
    shouldRedactErrors: () => false,
  });
  for (const query of state.queries) {
    const error = query.state.error;
    if (error instanceof Error) {
      const carried: CarriedError = { name: error.name, message: error.message };
      const { code } = error as Error & { code?: unknown };
      if (typeof code === 'number') carried.code = code;
      query.state.error = carried as unknown as Error;
    }
  }
  return carriedJsonScript(QUERY_STATE_ID, state);
}

/**
 * In the browser: starts the cache from the data the server rendered the page from. False when
 * the page carries none (it was not rendered on the server), and the app renders from scratch.
 * `reviveError` turns a carried failure back into the error the app shows (its own class).
 */
export function adoptCarriedState(
  queryClient: QueryClient,
  {
    page = document,
    reviveError,
  }: { page?: Document; reviveError?: (error: CarriedError) => Error } = {},
): boolean {
  const dehydrated = readCarriedJson(QUERY_STATE_ID, page) as DehydratedState | undefined;
  if (!dehydrated) return false;
  // The server may send a page rendered a while ago (its render cache lasts until the catalogue
  // changes, so its data is still current): it counts as read now, not refetched on arrival.
  const now = Date.now();
  for (const query of dehydrated.queries) {
    query.state.dataUpdatedAt = now;
    const error = query.state.error as CarriedError | null | undefined;
    if (error) {
      query.state.error = reviveError?.(error) ?? Object.assign(new Error(error.message), error);
    }
  }
  hydrate(queryClient, dehydrated);
  return true;
}
