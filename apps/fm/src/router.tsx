import type { BrandConfig } from '@fansite/brand-config';
import type { Radio } from '@fansite/player/radio';
import { createTheme, GlobalStyle } from '@fansite/ui-kit';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { routeTree } from './routeTree.gen.ts';

/** What the radio page needs, handed to the router as its context so that tests can swap it. */
export interface FmContext {
  brand: BrandConfig;
  radio: Radio;
}

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
