import { SPECIAL_PLAYLIST_IDS } from '@fansite/contract';
import { describe, expect, it } from 'vitest';
import { catalogueFileSchema, type CatalogueFile } from './catalogue-file.ts';
import {
  DEFAULT_DEMO_SONG_COUNT,
  DEMO_NEW_SONG_COUNT,
  DEMO_PLAYLIST_TARGET_SIZE,
  DEMO_REFERENCE_DATE,
  generateDemoCatalogue,
} from './demo.ts';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** Map.groupBy would do, but Node 20 lacks it. */
function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function expectConsistent(catalogue: CatalogueFile) {
  const songIds = catalogue.songs.map((song) => song.youtube_id);
  expect(new Set(songIds).size).toBe(songIds.length);
  expect(songIds.every((id) => YOUTUBE_ID.test(id))).toBe(true);

  const playlistIds = new Set(catalogue.playlists.map((playlist) => playlist.id));
  expect(playlistIds.size).toBe(catalogue.playlists.length);

  const knownSongs = new Set(songIds);
  for (const playlist of catalogue.playlists) {
    expect(playlist.songs.every((id) => knownSongs.has(id))).toBe(true);
    expect(new Set(playlist.songs).size).toBe(playlist.songs.length);
  }

  const songsByPlaylist = new Map(
    catalogue.playlists.map((playlist) => [playlist.id, new Set(playlist.songs)]),
  );
  for (const song of catalogue.songs) {
    expect(songsByPlaylist.get(song.category_id)?.has(song.youtube_id)).toBe(true);
  }
}

describe('generateDemoCatalogue', () => {
  const catalogue = generateDemoCatalogue();

  it('is deterministic: the same options give byte-identical output', () => {
    expect(JSON.stringify(generateDemoCatalogue())).toBe(JSON.stringify(catalogue));
    expect(JSON.stringify(generateDemoCatalogue({ songs: 500, seed: 7 }))).toBe(
      JSON.stringify(generateDemoCatalogue({ songs: 500, seed: 7 })),
    );
  });

  it('gives another catalogue for another seed', () => {
    const other = generateDemoCatalogue({ seed: 2 });
    expect(other.songs[0]?.youtube_id).not.toBe(catalogue.songs[0]?.youtube_id);
  });

  it('passes the catalogue file schema unchanged', () => {
    expect(catalogueFileSchema.parse(catalogue)).toEqual(catalogue);
  });

  it('has the default size, unique ids, and every listed song exists', () => {
    expect(catalogue.songs).toHaveLength(DEFAULT_DEMO_SONG_COUNT);
    expectConsistent(catalogue);
  });

  it('has about twelve playlists with the special ones, badges, and fallbacks', () => {
    const { playlists } = catalogue;
    expect(playlists).toHaveLength(12);
    const ids = playlists.map((playlist) => playlist.id);
    expect(ids).toContain(SPECIAL_PLAYLIST_IDS.new);
    expect(ids).toContain(SPECIAL_PLAYLIST_IDS.network);
    expect(playlists.filter((playlist) => playlist.special)).toHaveLength(1);
    expect(playlists.filter((playlist) => playlist.home).length).toBeGreaterThanOrEqual(4);
    expect(playlists.some((playlist) => playlist.image_url === null)).toBe(true);
    expect(playlists.some((playlist) => playlist.image_url !== null)).toBe(true);
    expect(playlists.some((playlist) => playlist.description_url !== null)).toBe(true);
    const popularity = playlists.map((playlist) => playlist.popularity);
    expect(new Set(popularity).size).toBe(playlists.length);
    expect(playlists.every((playlist) => playlist.songs.length > 0)).toBe(true);
  });

  it('lists the newest songs, flagged new, in the new playlist, newest first', () => {
    const newest = [...catalogue.songs]
      .sort((a, b) => b.date_added.localeCompare(a.date_added))
      .slice(0, DEMO_NEW_SONG_COUNT);
    const newPlaylist = catalogue.playlists.find((p) => p.id === SPECIAL_PLAYLIST_IDS.new);
    expect(newPlaylist?.songs).toEqual(newest.map((song) => song.youtube_id));
    expect(catalogue.songs.filter((song) => song.new)).toHaveLength(DEMO_NEW_SONG_COUNT);
    expect(newest.every((song) => song.new)).toBe(true);
  });

  it('lists songs whose home is another playlist in the new and network playlists', () => {
    const songsById = new Map(catalogue.songs.map((song) => [song.youtube_id, song]));
    for (const id of [SPECIAL_PLAYLIST_IDS.new, SPECIAL_PLAYLIST_IDS.network]) {
      const playlist = catalogue.playlists.find((p) => p.id === id);
      expect(playlist?.songs.length).toBeGreaterThan(0);
      expect(playlist?.songs.some((songId) => songsById.get(songId)?.category_id !== id)).toBe(
        true,
      );
    }
    const networkAuthors = new Set(
      catalogue.playlists
        .find((p) => p.id === SPECIAL_PLAYLIST_IDS.network)
        ?.songs.map((songId) => songsById.get(songId)?.author_name),
    );
    expect(networkAuthors.size).toBeGreaterThan(1);
  });

  it('makes songs that look real: dates, durations, artists, titles, descriptions', () => {
    const reference = DEMO_REFERENCE_DATE.getTime();
    const threeYears = 3 * 365 * 24 * 3600 * 1000;
    for (const song of catalogue.songs) {
      const added = Date.parse(song.date_added);
      expect(added).toBeLessThanOrEqual(reference);
      expect(added).toBeGreaterThanOrEqual(reference - threeYears);
      expect(song.duration).toBeGreaterThanOrEqual(120);
      expect(song.duration).toBeLessThanOrEqual(420);
      expect(song.description).toContain('\n');
      expect(song.description).toMatch(/https?:\/\//);
    }
    const songsPerArtist = countBy(catalogue.songs.map((song) => song.author_name));
    expect([...songsPerArtist.values()].some((count) => count >= 3)).toBe(true);
    const descriptions = catalogue.songs.map((song) => song.description);
    expect(descriptions.some((text) => text.includes('mailto:'))).toBe(true);
    expect(descriptions.some((text) => text.includes('<b>not bold</b>'))).toBe(true);
    const titleCounts = countBy(catalogue.songs.map((song) => song.title));
    expect([...titleCounts.values()].some((count) => count > 1)).toBe(true);
  });

  it('rejects a song count that is not a positive integer', () => {
    expect(() => generateDemoCatalogue({ songs: 0 })).toThrow(RangeError);
    expect(() => generateDemoCatalogue({ songs: 2.5 })).toThrow(RangeError);
  });

  // How long it takes is the bench's figure (import time), not a test's.
  it('grows to 100,000 unique songs, with playlists kept page-sized', () => {
    const large = generateDemoCatalogue({ songs: 100_000 });
    expect(large.songs).toHaveLength(100_000);
    expectConsistent(large);
    const largest = Math.max(...large.playlists.map((playlist) => playlist.songs.length));
    expect(largest).toBeLessThan(DEMO_PLAYLIST_TARGET_SIZE * 2);
    expect(large.playlists.filter((playlist) => playlist.special)).toHaveLength(1);
  });
});
