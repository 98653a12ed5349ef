import { workerData } from 'node:worker_threads';
import { openDatabase } from '../db/client.ts';
import { catalogueStamp } from '../repositories/catalogue-rows.ts';
import { type BuildWorkerData, buildFromRows } from './build-copy.ts';
import { writeStoredCopy } from './stored-copy.ts';

/**
 * A worker thread's work (`buildInWorker`): each brand's rows read from PostgreSQL on a
 * connection of its own, its serving copy built and stored for the thread that serves to read. An
 * error ends the thread with it, which the caller is told of.
 */
const { databaseUrl, brands, copyFolder } = workerData as BuildWorkerData;
const database = await openDatabase({ url: databaseUrl });
try {
  for (const brand of brands) {
    // Nothing waits on this thread's event loop: the rows come in large pages.
    const snapshot = await buildFromRows(database.db, brand, true);
    const stamp = await catalogueStamp(database.db, snapshot.version);
    if (stamp === null) throw new Error(`Catalogue version ${snapshot.version} has no stamp.`);
    await writeStoredCopy(copyFolder, brand, stamp, snapshot);
  }
} finally {
  await database.close();
}
