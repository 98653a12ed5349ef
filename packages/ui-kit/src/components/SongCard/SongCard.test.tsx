import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { SongCard } from './SongCard.tsx';

describe('SongCard', () => {
  it('links to the song with its title, artist and video thumbnail', () => {
    const { container } = renderWithTheme(
      <SongCard
        title="Angel with a shotgun"
        artist="The Cab"
        youtubeId="dQw4w9WgXcQ"
        href="/song?s=dQw4w9WgXcQ&p=gaming"
      />,
    );

    const link = screen.getByRole('link', { name: /Angel with a shotgun/ });
    expect(link).toHaveAttribute('href', '/song?s=dQw4w9WgXcQ&p=gaming');
    expect(link).toHaveTextContent('The Cab');
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
    );
  });

  it('shows the length on the thumbnail when it is known', () => {
    renderWithTheme(
      <SongCard title="Moon" artist="Sky" youtubeId="dQw4w9WgXcQ" href="/song" duration={185} />,
    );

    expect(screen.getByLabelText('3 minutes 5 seconds')).toHaveTextContent('3:05');
  });
});
