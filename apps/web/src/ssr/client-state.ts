import type { QueryClientConfig } from '@tanstack/react-query';

/** The query client's options, the same on the server and in the browser. */
export const queryClientOptions: QueryClientConfig = {
  defaultOptions: {
    queries: {
      // Catalog data changes rarely: going back to a page within a minute needs no new call.
      staleTime: 60_000,
      // A read that failed shows its error with a Retry, which reads again: a page showing it
      // does not read again by itself when it mounts. So the server renders the error a read
      // gave it (a visitor past their search limit sees why), and the browser adopts it as is.
      retryOnMount: false,
    },
  },
};
