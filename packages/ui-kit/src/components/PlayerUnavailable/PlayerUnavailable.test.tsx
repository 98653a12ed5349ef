import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { PlayerUnavailable } from './PlayerUnavailable.tsx';

describe('PlayerUnavailable', () => {
  it('says YouTube cannot be reached, retries and links the video on YouTube', async () => {
    const onRetry = vi.fn();
    renderWithTheme(<PlayerUnavailable youtubeId="abc-DEF_123" onRetry={onRetry} />);

    expect(screen.getByRole('alert')).toHaveTextContent('YouTube cannot be reached');
    expect(screen.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=abc-DEF_123',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no YouTube link before it knows the video', () => {
    renderWithTheme(<PlayerUnavailable onRetry={() => undefined} />);

    expect(screen.queryByRole('link')).toBeNull();
  });
});
