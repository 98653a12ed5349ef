import type { QueryClientConfig } from '@tanstack/react-query';

/** The id of the JSON block that carries the server's query cache into the page. */
export const QUERY_STATE_ID = 'query-state';

export const queryClientOptions: QueryClientConfig = {
  // Catalog data changes rarely: going back to a page within a minute needs no new call.
  defaultOptions: { queries: { staleTime: 60_000 } },
};
