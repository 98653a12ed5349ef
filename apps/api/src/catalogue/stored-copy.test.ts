import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { SongSearchQuery } from '@fansite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOf } from '../test-support/snapshot.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.ts';
import { checkedOf } from './checked-answers.ts';
import { generateDemoCatalogue } from './demo.ts';
import { regionsDropped } from './region-memory.ts';
import { readStoredCopy, writeStoredCopy } from './stored-copy.ts';

const demo = generateDemoCatalogue({ songs: 3_000 });

/** Every read a visitor makes of a copy (but the random ones), with the JSON it sends. */
function reads(snapshot: CatalogueSnapshot) {
  const sent = (answer: object | null) => {
    const checked = answer && checkedOf(answer);
    return checked?.write ? checked.write('', '') : String(checked?.okEnvelope ?? null);
  };
  const queries: SongSearchQuery[] = ['night', 'nightcore love', 'lvoe', 'dj', 'zzzz'].flatMap(
    (s) =>
      (['title', 'date_added'] as const).flatMap((orderBy) =>
        (['ASC', 'DESC'] as const).flatMap((orderDir) =>
          ([undefined, 'artist'] as const).map((type) => ({ s, orderBy, orderDir, type })),
        ),
      ),
  );
  const playlistIds = demo.playlists.map((playlist) => playlist.id);
  return {
    lists: ([undefined, 'ASC', 'DESC'] as const).flatMap((order) =>
      (['true', 'false'] as const).map((home) => snapshot.listPlaylists({ home, order })),
    ),
    playlists: playlistIds.map((id) => {
      const detail = snapshot.getPlaylist(id);
      return { detail, sent: sent(detail) };
    }),
    songs: demo.playlists.slice(0, 20).flatMap((playlist) =>
      playlist.songs.slice(0, 30).map((songId) => {
        const song = snapshot.getSongInPlaylist(songId, playlist.id);
        return { song, sent: sent(song), summary: snapshot.summary(songId) };
      }),
    ),
    searches: queries.map((query) => {
      const page = snapshot.searchPage(query, 10, 40);
      return { found: snapshot.search(query), page, sent: sent(page.songs) };
    }),
    songCount: snapshot.songCount,
  };
}

describe('a stored serving copy', () => {
  let folder: string;
  let built: CatalogueSnapshot;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'fansite-copy-'));
    built = await snapshotOf(demo, 7);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('answers every read as the copy it was written from, with its version and stamp', async () => {
    expect(await writeStoredCopy(folder, 'nightcore', 'stamp-7', built)).toBe(true);
    const copy = await readStoredCopy(folder, 'nightcore');
    expect(copy?.stamp).toBe('stamp-7');
    expect(copy?.snapshot.version).toBe(7);
    expect(reads(copy!.snapshot)).toEqual(reads(built));
  });

  it('is not written for a patched copy, and a read copy patches as a built one does', async () => {
    await writeStoredCopy(folder, 'nightcore', 'stamp-7', built);
    const read = (await readStoredCopy(folder, 'nightcore'))!.snapshot;
    const [song] = demo.songs;
    const patch = {
      playlistRows: demo.playlists,
      songRows: [
        {
          youtube_url: song!.youtube_id,
          title: 'Patched Title',
          author_name: song!.author_name,
          category_id: song!.category_id,
          category_name: demo.playlists.find((playlist) => playlist.id === song!.category_id)!.name,
          date_added: song!.date_added,
          new: 'false' as const,
          duration: song!.duration,
          description: '',
        },
      ],
      songIds: [song!.youtube_id],
      playlistSongs: new Map(),
      playlistIds: [],
    };
    const [fromBuilt, fromRead] = await Promise.all([
      built.patched(8, patch),
      read.patched(8, patch),
    ]);
    expect(reads(fromRead!)).toEqual(reads(fromBuilt!));
    expect(fromRead!.summary(song!.youtube_id)?.title).toBe('Patched Title');
    expect(await writeStoredCopy(folder, 'slowed-reverb', 'stamp-8', fromRead!)).toBe(false);
    expect(await readStoredCopy(folder, 'slowed-reverb')).toBeNull();
  });

  it('is not read when it is of another brand or format, or cut short', async () => {
    await writeStoredCopy(folder, 'nightcore', 'stamp-7', built);
    const file = path.join(folder, 'nightcore.copy');
    const whole = await readFile(file);
    await writeFile(path.join(folder, 'slowed-reverb.copy'), whole);
    expect(await readStoredCopy(folder, 'slowed-reverb')).toBeNull();

    const otherFormat = Buffer.from(
      whole.toString('latin1').replace(/"format":\d+/, '"format":0'),
      'latin1',
    );
    await writeFile(file, otherFormat);
    expect(await readStoredCopy(folder, 'nightcore')).toBeNull();
    for (const length of [10, 100, whole.length - 1]) {
      await writeFile(file, whole.subarray(0, length));
      expect(await readStoredCopy(folder, 'nightcore')).toBeNull();
    }
  });

  // The descriptions stay in the file and are read when a song is shown: a copy read before a
  // newer one replaced the file still reads its own.
  it('reads its descriptions from its own file, after a newer copy replaced it too', async () => {
    await writeStoredCopy(folder, 'nightcore', 'stamp-7', built);
    const older = (await readStoredCopy(folder, 'nightcore'))!.snapshot;
    const newer = await snapshotOf(
      {
        ...demo,
        songs: demo.songs.map((song) => ({ ...song, description: `New: ${song.title}` })),
      },
      8,
    );
    await writeStoredCopy(folder, 'nightcore', 'stamp-8', newer);
    const read = (await readStoredCopy(folder, 'nightcore'))!.snapshot;
    for (const song of [demo.songs[0]!, demo.songs[1_500]!, demo.songs.at(-1)!]) {
      expect(older.description(song.youtube_id)).toBe(song.description);
      expect(read.description(song.youtube_id)).toBe(`New: ${song.title}`);
      const [playlist] = demo.playlists.filter((list) => list.songs.includes(song.youtube_id));
      expect(older.getSongInPlaylist(song.youtube_id, playlist!.id)?.description).toBe(
        song.description,
      );
    }
  });

  it('removes what a write killed midway left, and only that', async () => {
    const abandoned = 'nightcore.copy.2147483646.partial';
    const writing = `nightcore.copy.${process.ppid}.partial`;
    await writeFile(path.join(folder, abandoned), 'half a copy');
    await writeFile(path.join(folder, writing), 'a copy being written');
    await writeStoredCopy(folder, 'nightcore', 'stamp-7', built);
    const names = await readdir(folder);
    expect(names).not.toContain(abandoned);
    expect(names).toContain(writing);
    expect(names).toContain('nightcore.copy');
    await rm(path.join(folder, writing));
  });

  // A quarter GB arriving at once in memory V8 counts made it mark the heap in long steps on the
  // thread that serves (region-memory.ts).
  it('is read into memory V8 leaves out of its count, which is told when copies go', async () => {
    await writeStoredCopy(folder, 'nightcore', 'stamp-7', built);
    const counted = () => v8.getHeapStatistics().external_memory;
    const before = counted();
    const copy = (await readStoredCopy(folder, 'nightcore'))!;
    expect(copy.regionBytes).toBeGreaterThan(500_000);
    expect(counted() - before).toBeLessThan(copy.regionBytes / 2);

    const major = new Promise<void>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        const kinds = list
          .getEntries()
          .map((entry) => (entry as { detail?: { kind?: number } }).detail?.kind);
        if (kinds.includes(constants.NODE_PERFORMANCE_GC_MAJOR)) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe({ entryTypes: ['gc'] });
    });
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise((resolve) => (timer = setTimeout(resolve, 5_000, 'not collected')));
    regionsDropped(64 * 1024 * 1024);
    await expect(Promise.race([major.then(() => 'collected'), gaveUp])).resolves.toBe('collected');
    clearTimeout(timer);
  });
});
