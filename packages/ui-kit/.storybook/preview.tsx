import { nightcore } from '@fansite/brand-config';
import type { Preview } from '@storybook/react-vite';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../src/theme/GlobalStyle.tsx';
import { createTheme } from '../src/theme/theme.ts';

const theme = createTheme(nightcore.theme);

const preview: Preview = {
  decorators: [
    (Story) => (
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <Story />
      </ThemeProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|colou?r)$/i } },
  },
};

export default preview;
