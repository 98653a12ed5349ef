import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../test/render.tsx';
import { samplePlaylists } from './fixtures.ts';
import { PlaylistGrid } from './PlaylistGrid.tsx';

describe('PlaylistGrid', () => {
  it('lists a card per playlist, each linking where the app says', () => {
    renderWithTheme(
      <PlaylistGrid
        aria-label="Playlists"
        playlists={[samplePlaylists.newSongs, samplePlaylists.gaming]}
        playlistHref={(playlist) => `/playlist?p=${playlist.id}`}
      />,
    );

    const list = screen.getByRole('list', { name: 'Playlists' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'New songs' })).toHaveAttribute(
      'href',
      '/playlist?p=new',
    );
    expect(within(list).getByRole('link', { name: 'Gaming' })).toHaveAttribute(
      'href',
      '/playlist?p=gaming',
    );
  });
});
