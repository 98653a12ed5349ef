// @vitest-environment node
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { describe, expect, it } from 'vitest';
import { renderFromCatalogue } from './render-from-catalogue.ts';
import { CARRIED_PLAYLIST_CARDS } from '../features/playlists/playlistCardsQuery.ts';

const PLAYLISTS = 300;
const playlistId = (index: number) => `list${String(index).padStart(4, '0')}`;

/** 300 playlists of one song each, the first the most popular. */
const manyPlaylists: CatalogueFile = {
  playlists: Array.from({ length: PLAYLISTS }, (_, index) => ({
    id: playlistId(index),
    name: `Playlist Number ${index}`,
    description: '',
    description_url: null,
    image_url: null,
    special: false,
    home: false,
    popularity: PLAYLISTS - index,
    songs: [`song${String(index).padStart(7, '0')}`],
  })),
  songs: Array.from({ length: PLAYLISTS }, (_, index) => ({
    youtube_id: `song${String(index).padStart(7, '0')}`,
    title: `Song ${index}`,
    author_name: 'Artist',
    description: '',
    date_added: '2024-01-10T10:00:00Z',
    new: false,
    duration: 200,
    category_id: playlistId(index),
  })),
};

describe('the playlists page of 300 playlists, rendered on the server', () => {
  const renderPlaylists = renderFromCatalogue(manyPlaylists);

  /** The playlists the whole page names: in its HTML and in the state the browser starts from. */
  const playlistsNamed = (page: { head: string; html: string; state: string }) =>
    new Set([...`${page.head}${page.html}${page.state}`.matchAll(/list\d{4}/g)].map(([id]) => id));

  it('carries the first cards of the asked order, not the whole list', async () => {
    const popular = await renderPlaylists('/playlists');
    expect(popular.status).toBe(200);
    const first = Array.from({ length: CARRIED_PLAYLIST_CARDS }, (_, index) => playlistId(index));
    expect([...playlistsNamed(popular)].sort()).toEqual(first);
    // The browser is told the list is a part, and reads the rest once it has the page.
    expect(popular.state).toContain('carried in part');

    const backwards = await renderPlaylists('/playlists?sort=za');
    const cards = [...backwards.html.matchAll(/Playlist Number (\d+)/g)].map(([, index]) =>
      Number(index),
    );
    expect(cards).toHaveLength(CARRIED_PLAYLIST_CARDS);
    expect(cards.slice(0, 3)).toEqual([99, 98, 97]);
  });
});
