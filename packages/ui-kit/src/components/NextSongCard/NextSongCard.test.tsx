import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { NextSongCard } from './NextSongCard.tsx';

describe('NextSongCard', () => {
  it('links to the next song with its title and thumbnail', () => {
    const { container } = renderWithTheme(
      <NextSongCard
        song={{ title: 'Monster', youtubeId: 'kJQP7kiw5Fk', href: '/song?s=kJQP7kiw5Fk&p=gaming' }}
      />,
    );

    const card = screen.getByRole('region', { name: 'Next song' });
    expect(card).toHaveTextContent('Next song');
    expect(screen.getByRole('link', { name: 'Monster' })).toHaveAttribute(
      'href',
      '/song?s=kJQP7kiw5Fk&p=gaming',
    );
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/kJQP7kiw5Fk/mqdefault.jpg',
    );
  });

  it('keeps an empty placeholder when there is no next song', () => {
    renderWithTheme(<NextSongCard song={null} />);

    expect(screen.getByTestId('next-song-placeholder')).toBeEmptyDOMElement();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
