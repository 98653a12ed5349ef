import type { QueryClientConfig } from '@tanstack/react-query';

/** The query client's options, the same on the server and in the browser. */
export const queryClientOptions: QueryClientConfig = {
  // Catalog data changes rarely: going back to a page within a minute needs no new call.
  defaultOptions: { queries: { staleTime: 60_000 } },
};
