import { createTheme, GlobalStyle } from '@fansite/ui-kit';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { routeTree } from './routeTree.gen.ts';
import type { FmContext } from './routes/__root.tsx';

export function createFmRouter(context: FmContext, history?: RouterHistory) {
  const theme = createTheme(context.brand.theme);

  function Providers({ children }: { children: ReactNode }) {
    return (
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    );
  }

  return createRouter({ routeTree, context, history, Wrap: Providers });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createFmRouter>;
  }
}
