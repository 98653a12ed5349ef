/**
 * How long a change made in the team's console takes to reach a server process's serving copy at
 * 100,000 songs, and the longest event-loop block while that copy is built again. Runs on the
 * embedded database (or BENCH_DATABASE_URL): `pnpm --filter @fansite/api exec tsx bench/staff-edit.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateDemoCatalogue } from '../src/catalogue/demo.ts';
import { importCatalogue } from '../src/catalogue/import.ts';
import { openDatabase } from '../src/db/client.ts';
import { createServingCatalogue } from '../src/catalogue/serving.ts';
import { createCatalogueEditor } from '../src/repositories/catalogue-editor.ts';
import { watchLoopBlocks } from './loop-blocks.ts';

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

  for (const [index, youtubeId] of ['benchSong01', 'benchSong02', 'benchSong03'].entries()) {
    const started = performance.now();
    await editor.addSong(actor, {
      youtubeId,
      playlistId: playlist!.id,
      title: `Bench song ${index + 1}`,
      authorName: 'Bench',
      durationSeconds: 200,
      description: '',
    });
    const committed = performance.now();
    blocks.start();
    // What each process's 2 s check does once it sees the version move.
    await catalogue.refresh();
    const { maxBlockMs, maxOwnWorkMs } = blocks.stop();
    const built = performance.now();
    const seen = catalogue.of('nightcore').snapshot.summary(youtubeId) !== undefined;
    console.log(
      `${songs} songs on ${database.engine}: change committed in ${(committed - started).toFixed(0)} ms, ` +
        `serving copy rebuilt in ${(built - committed).toFixed(0)} ms (song served: ${seen}); ` +
        `longest loop block ${maxBlockMs.toFixed(1)} ms (own work ${maxOwnWorkMs.toFixed(1)} ms)`,
    );
  }
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
