import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { samplePlaylists } from './fixtures.ts';
import { PlaylistCard } from './PlaylistCard.tsx';

describe('PlaylistCard', () => {
  it('is a link named by the playlist, leading to it', () => {
    renderWithTheme(<PlaylistCard playlist={samplePlaylists.gaming} href="/playlist?p=gaming" />);

    expect(screen.getByRole('link', { name: 'Gaming' })).toHaveAttribute(
      'href',
      '/playlist?p=gaming',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Gaming' })).toBeVisible();
  });

  it('has an open icon leading to the playlist, which leaves the card a single link', () => {
    const { container } = renderWithTheme(
      <PlaylistCard playlist={samplePlaylists.gaming} href="/playlist?p=gaming" />,
    );

    const openIcon = container.querySelector('a[title="Open"]');
    expect(openIcon).toHaveAttribute('href', '/playlist?p=gaming');
    expect(openIcon?.querySelector('svg')).not.toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows the playlist image when it has one', () => {
    const { container } = renderWithTheme(
      <PlaylistCard playlist={samplePlaylists.gaming} href="/playlist?p=gaming" />,
    );

    expect(container.querySelector('img')).toHaveAttribute('src', samplePlaylists.gaming.image_url);
  });

  it('falls back to the thumbnail of its first song when it has no image', () => {
    const { container } = renderWithTheme(
      <PlaylistCard playlist={samplePlaylists.newSongs} href="/playlist?p=new" />,
    );

    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
  });

  it('shows no broken image when it has neither an image nor a song', () => {
    const { container } = renderWithTheme(
      <PlaylistCard playlist={samplePlaylists.empty} href="/playlist?p=empty" />,
    );

    expect(container.querySelector('img')).toBeNull();
  });

  it.each([
    { name: 'the new songs playlist', playlist: samplePlaylists.newSongs, badges: ['New'] },
    { name: 'the network playlist', playlist: samplePlaylists.network, badges: ['Network'] },
    { name: 'a special playlist', playlist: samplePlaylists.gaming, badges: ['Special'] },
    {
      name: 'a special new songs playlist',
      playlist: { ...samplePlaylists.newSongs, special: true },
      badges: ['New', 'Special'],
    },
    { name: 'an ordinary playlist', playlist: samplePlaylists.empty, badges: [] },
  ])('badges $name with $badges', ({ playlist, badges }) => {
    const { container } = renderWithTheme(<PlaylistCard playlist={playlist} href="/playlist" />);

    const shown = ['New', 'Network', 'Special'].filter(
      (label) => within(container).queryByText(label) !== null,
    );
    expect(shown).toEqual(badges);
  });
});
