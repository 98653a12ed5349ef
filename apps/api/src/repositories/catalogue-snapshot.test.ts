import {
  exploreItemSchema,
  playlistCardSchema,
  playlistDetailSchema,
  randomSongSchema,
  songSchema,
  songSummarySchema,
} from '@fansite/contract';
import { describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from '../catalogue/demo.ts';
import type { CatalogueFile } from '../catalogue/catalogue-file.ts';
import { fixtureCatalogue } from '../test-support/fixture-catalogue.ts';
import { CatalogueSnapshot } from './catalogue-snapshot.ts';

function snapshotOf(file: CatalogueFile) {
  const names = new Map(file.playlists.map((playlist) => [playlist.id, playlist.name]));
  return CatalogueSnapshot.build(
    1,
    file.playlists,
    file.songs.map((song) => ({
      youtube_url: song.youtube_id,
      title: song.title,
      author_name: song.author_name,
      category_id: song.category_id,
      category_name: names.get(song.category_id)!,
      date_added: song.date_added,
      new: song.new ? 'true' : 'false',
      duration: song.duration,
      description: song.description,
    })),
    new Map(file.playlists.map((playlist) => [playlist.id, playlist.songs])),
  );
}

describe('CatalogueSnapshot', () => {
  // Its answers are sent without a second check: they must be exactly what the schemas make.
  it('builds answers in exactly the shape of the contract', async () => {
    const snapshot = await snapshotOf(fixtureCatalogue);
    const same = (schema: { parse(value: unknown): unknown }, value: unknown) =>
      expect(JSON.stringify(schema.parse(value))).toBe(JSON.stringify(value));
    for (const card of snapshot.listPlaylists({})) same(playlistCardSchema, card);
    same(playlistDetailSchema, snapshot.getPlaylist('chill'));
    same(songSchema, snapshot.getSongInPlaylist('skyHigh0002', 'chill'));
    for (const item of snapshot.explore()) same(exploreItemSchema, item);
    same(randomSongSchema, snapshot.randomSong('chill'));
    for (const song of snapshot.search({ s: 'sky' })) same(songSummarySchema, song);
  });

  it('searches 100,000 songs: at most 100 results, exact title first, typos found', async () => {
    const snapshot = await snapshotOf(generateDemoCatalogue({ songs: 100_000 }));
    const texts = ['nightcore', 'a', 'heartbeat', 'hear', 'haertbeat', 'golden heart', 'zzzz'];
    // Query time is measured by the bench (bench/search-libraries.ts, pnpm bench), not here.
    for (const s of texts) {
      for (const orderBy of ['title', 'date_added'] as const) {
        expect(snapshot.search({ s, orderBy, orderDir: 'DESC' }).length).toBeLessThanOrEqual(100);
      }
    }
    const titles = snapshot.search({ s: 'heartbeat' }).map((song) => song.title);
    expect(titles[0]).toBe('Heartbeat');
    expect(snapshot.search({ s: 'haertbeat' }).length).toBeGreaterThan(0);
  }, 60_000);
});
