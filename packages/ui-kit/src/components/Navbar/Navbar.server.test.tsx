// @vitest-environment node
import { nightcore } from '@fansite/brand-config';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { createTheme } from '../../theme/theme.ts';
import { Navbar, NavbarButton } from './Navbar.tsx';

describe('Navbar on the server', () => {
  it('renders the buttons that need the app disabled, marked for the page to enable them', () => {
    const markup = renderToString(
      <ThemeProvider theme={createTheme(nightcore.theme)}>
        <Navbar siteName="Nightcore" logoSrc="/logo.svg" onSearch={() => {}}>
          <NavbarButton onClick={() => {}}>Random Song</NavbarButton>
        </Navbar>
      </ThemeProvider>,
    );
    const buttons = markup.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(3);
    for (const button of buttons) {
      expect(button).toContain('disabled=""');
      expect(button).toContain('data-waits-for-script=""');
    }
  });
});
