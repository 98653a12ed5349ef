// @vitest-environment node
import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { describe, expect, it } from 'vitest';
import { renderFromCatalogue } from './render-from-catalogue.ts';

const PLAYLIST_SONGS = 500;
const songId = (index: number) => `big${String(index).padStart(8, '0')}`;

/** One playlist of 500 songs, each with a title of its own. */
const bigPlaylist: CatalogueFile = {
  playlists: [
    {
      id: 'big',
      name: 'Big Playlist',
      description: 'Five hundred songs',
      description_url: null,
      image_url: null,
      special: false,
      home: true,
      popularity: 1,
      songs: Array.from({ length: PLAYLIST_SONGS }, (_, index) => songId(index)),
    },
  ],
  songs: Array.from({ length: PLAYLIST_SONGS }, (_, index) => ({
    youtube_id: songId(index),
    title: `Big Song Number ${index}`,
    author_name: 'Big Artist',
    description: '',
    date_added: '2024-01-10T10:00:00Z',
    new: false,
    duration: 200,
    category_id: 'big',
  })),
};

describe('a song page of a 500-song playlist, rendered on the server', () => {
  const renderPage = renderFromCatalogue(bigPlaylist);
  const renderSong = (index: number) => renderPage(`/song?s=${songId(index)}&p=big`);

  /** The songs the whole page names: in its HTML and in the state the browser starts from. */
  const songsNamed = (page: { head: string; html: string; state: string }) =>
    new Set([...`${page.head}${page.html}${page.state}`.matchAll(/big\d{8}/g)].map(([id]) => id));

  it("carries the song, the Next card's song and Up next's ten, not the playlist", async () => {
    const page = await renderSong(100);
    expect(page.status).toBe(200);
    const upNext = page.html.slice(page.html.indexOf('Up next</h2>'));
    const listed = [...upNext.matchAll(/<strong>Big Song Number (\d+)<\/strong>/g)].map(
      ([, index]) => Number(index),
    );
    expect(listed).toEqual([102, 103, 104, 105, 106, 107, 108, 109, 110, 111]);
    // The song names its previous and its playlist's first (song/get); the rest are the window.
    expect([...songsNamed(page)].sort()).toEqual([
      songId(0),
      songId(99),
      ...Array.from({ length: 12 }, (_, offset) => songId(100 + offset)),
    ]);
  });

  it("goes on from the playlist's start after its last song", async () => {
    const page = await renderSong(PLAYLIST_SONGS - 2);
    const upNext = page.html.slice(page.html.indexOf('Up next</h2>'));
    const listed = [...upNext.matchAll(/<strong>Big Song Number (\d+)<\/strong>/g)].map(
      ([, index]) => Number(index),
    );
    expect(listed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
