// @vitest-environment node
import { nightcore } from '@fansite/brand-config';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, it } from 'vitest';
import { expectButtonsWaitingForScript } from '../../test/waits-for-script.ts';
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
    expectButtonsWaitingForScript(markup, 3);
  });
});
