import { ApiError } from '@fansite/api-client';
import { createTheme, GlobalStyle, Spinner } from '@fansite/ui-kit';
import { QueryClientProvider, type QueryClientConfig } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { routeTree } from './routeTree.gen.ts';
import type { SitesContext } from './routes/__root.tsx';

/**
 * The query client's options, the same on the server and in the browser. A read is tried again
 * once, a second later, only when no answer came: the API's answer (a site that does not exist,
 * say) stays what it is, and the server's render of it did wait that second for nothing.
 */
export const queryClientOptions: QueryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
    },
  },
};

export function createSitesRouter(context: SitesContext, history?: RouterHistory) {
  const theme = createTheme(context.brand.theme);

  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={context.queryClient}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
        </ThemeProvider>
      </QueryClientProvider>
    );
  }

  return createRouter({
    routeTree,
    context,
    history,
    Wrap: Providers,
    defaultPendingComponent: Spinner,
    defaultPreloadStaleTime: 0,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createSitesRouter>;
  }
}
