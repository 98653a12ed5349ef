// @vitest-environment node
import { nightcore } from '@fansite/brand-config';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, it } from 'vitest';
import { expectButtonsWaitingForScript } from '../../test/waits-for-script.ts';
import { createTheme } from '../../theme/theme.ts';
import { ActionBar, ActionButton } from './ActionBar.tsx';
import { NextIcon, ShuffleIcon } from './actionIcons.tsx';

describe('ActionBar on the server', () => {
  it('renders its buttons disabled, marked for the page to enable them once it keeps presses', () => {
    const markup = renderToString(
      <ThemeProvider theme={createTheme(nightcore.theme)}>
        <ActionBar label="Song actions">
          <ActionButton label="Next song" icon={NextIcon} onClick={() => {}} />
          <ActionButton label="Shuffle" icon={ShuffleIcon} onClick={() => {}} pressed={false} />
        </ActionBar>
      </ThemeProvider>,
    );
    expectButtonsWaitingForScript(markup, 2);
  });
});
