import { forgetSignedInReads } from '@fansite/api-client';
import { AuthProvider } from '@fansite/auth';
import { createTheme, GlobalStyle, Spinner, UiLinkProvider } from '@fansite/ui-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { PageError } from './features/site-chrome/PageError.tsx';
import { AppLink } from './lib/link.tsx';
import type { AppContext } from './lib/context.ts';
import { parseSearch, stringifySearch } from './lib/search-params.ts';
import { routeTree } from './routeTree.gen.ts';

/** The app's router; `history` is given by tests (memory history), the browser's otherwise. */
export function createAppRouter(context: AppContext, history?: RouterHistory) {
  const theme = createTheme(context.brand.theme);

  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={context.queryClient}>
        <AuthProvider
          service={context.auth}
          onSignOut={() => forgetSignedInReads(context.queryClient)}
        >
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            <UiLinkProvider value={AppLink}>{children}</UiLinkProvider>
          </ThemeProvider>
        </AuthProvider>
      </QueryClientProvider>
    );
  }

  return createRouter({
    routeTree,
    context,
    history,
    Wrap: Providers,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // TanStack Query owns caching: the router calls loaders every time and they read the cache.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: Spinner,
    defaultErrorComponent: PageError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }

  interface StaticDataRouteOption {
    /** The navbar lies transparent over the top of this page until it is scrolled (the home hero). */
    navbarOverlay?: boolean;
  }
}
