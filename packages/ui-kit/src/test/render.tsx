import { nightcore } from '@fansite/brand-config';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { createTheme } from '../theme/theme.ts';

const theme = createTheme(nightcore.theme);

function Providers({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** The element inside the ThemeProvider of a brand (for a server's render, say). */
export function withTheme(ui: ReactElement) {
  return <Providers>{ui}</Providers>;
}

/** Renders a component the way apps do: inside the ThemeProvider of a brand. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}
