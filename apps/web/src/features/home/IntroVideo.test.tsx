import { nightcore } from '@fansite/brand-config';
import { createTheme } from '@fansite/ui-kit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { IntroVideo } from './IntroVideo.tsx';

const youtubeScript = () => document.querySelector('script[src*="youtube.com"]');

describe('IntroVideo', () => {
  afterEach(() => document.head.replaceChildren());

  it('shows the thumbnail and loads the YouTube player only after a click', async () => {
    const { container } = render(
      <ThemeProvider theme={createTheme(nightcore.theme)}>
        <IntroVideo videoId="dQw4w9WgXcQ" />
      </ThemeProvider>,
    );
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(youtubeScript()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Play the intro video' }));

    await waitFor(() => expect(youtubeScript()).not.toBeNull());
    expect(container.querySelector('img')).toBeNull();
  });
});
