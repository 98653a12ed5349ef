import type { createQueries } from '@fansite/api-client';
import type { BrandConfig } from '@fansite/brand-config';
import type { Radio } from '@fansite/player/radio';
import { createTheme, GlobalStyle, Spinner } from '@fansite/ui-kit';
import {
  QueryClientProvider,
  type QueryClient,
  type QueryClientConfig,
} from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { routeTree } from './routeTree.gen.ts';

/** What a subscriber's site needs, handed to the router as its context so that tests can swap it. */
export interface SitesContext {
  brand: BrandConfig;
  /** The sub-domain: whose site this is. */
  domainName: string;
  /** The main site of the same brand, where a missing or disabled site sends its visitors. */
  mainSiteUrl: string;
  /** The brand's radio site, which the radio widget's copy-link action copies. */
  radioUrl: string;
  queries: ReturnType<typeof createQueries>;
  queryClient: QueryClient;
  radio: Radio;
  /** Leaves for another site (a full page load, replacing this page in the history). */
  leaveTo: (url: string) => void;
}

/** The query client's options, the same on the server and in the browser. */
export const queryClientOptions: QueryClientConfig = {
  defaultOptions: { queries: { staleTime: 60_000, retry: 1 } },
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
