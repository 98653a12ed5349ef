/**
 * How long a change made in the team's console takes to reach a server process's serving copy at
 * 100,000 songs, and the longest event-loop block while the change is made and that copy patched
 * (the process that makes a change patches its copy before it answers). Runs on the
 * embedded database (or BENCH_DATABASE_URL): `pnpm --filter @fansite/bench exec tsx src/staff-edit.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateDemoCatalogue } from '@fansite/api/src/catalogue/demo.ts';
import { importCatalogue } from '@fansite/api/src/catalogue/import.ts';
import { openDatabase } from '@fansite/api/src/db/client.ts';
import { createServingCatalogue } from '@fansite/api/src/catalogue/serving.ts';
import { createCatalogueEditor } from '@fansite/api/src/repositories/catalogue-editor.ts';
import { watchLoopBlocks, type LoopBlocks } from './loop-blocks.ts';

const songs = Number(process.env.BENCH_SONGS ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-staff-edit-'));
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
try {
  await importCatalogue(database, 'nightcore', generateDemoCatalogue({ songs }));
  const catalogue = createServingCatalogue(database.db);
  await catalogue.refresh();
  const editor = createCatalogueEditor(database.db, { onChange: () => {} });
  const actor = { email: 'bench@example.com', brand: 'nightcore' as const };
  const [playlist] = await editor.playlists('nightcore');
  const blocks = watchLoopBlocks();

  /** Runs one edit, then what each process's 2 s check does once it sees the version move. */
  const measure = async (edit: string, change: () => Promise<unknown>, shows: () => boolean) => {
    const longest = ({ maxBlockMs, maxOwnWorkMs }: LoopBlocks) =>
      `${maxBlockMs.toFixed(1)} ms (own work ${maxOwnWorkMs.toFixed(1)} ms)`;
    blocks.start();
    const started = performance.now();
    await change();
    const committed = performance.now();
    const whileCommitting = blocks.stop();
    blocks.start();
    await catalogue.refresh();
    const whilePatching = blocks.stop();
    const patched = performance.now();
    console.log(
      `${songs} songs on ${database.engine}, ${edit}: committed in ${(committed - started).toFixed(0)} ms, ` +
        `serving copy patched in ${(patched - committed).toFixed(0)} ms (shown: ${shows()}); ` +
        `longest loop block ${longest(whilePatching)} while patched, ` +
        `${longest(whileCommitting)} while committed`,
    );
  };
  const nightcore = catalogue.of('nightcore');
  for (const [index, youtubeId] of ['benchSong01', 'benchSong02', 'benchSong03'].entries()) {
    await measure(
      'a song added',
      () =>
        editor.addSong(actor, {
          youtubeId,
          playlistId: playlist!.id,
          title: `Bench song ${index + 1}`,
          authorName: 'Bench',
          durationSeconds: 200,
          description: '',
        }),
      () => nightcore.snapshot.summary(youtubeId) !== undefined,
    );
  }
  await measure(
    `the playlist of ${playlist!.songs} songs renamed`,
    () =>
      editor.updatePlaylist(actor, {
        id: playlist!.id,
        name: 'Bench renamed',
        description: playlist!.description,
        special: playlist!.special,
        home: playlist!.home,
      }),
    () => nightcore.snapshot.summary('benchSong01')?.category_name === 'Bench renamed',
  );
  await measure(
    'a song removed',
    () => editor.removeSong(actor, 'benchSong02'),
    () => nightcore.snapshot.summary('benchSong02') === undefined,
  );
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
