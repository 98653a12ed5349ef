import { readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
lowerThisThreadsPriority();
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

/**
 * The build is background work: this thread, alone, runs at the lowest priority, so the thread
 * answering requests has a processor when it needs one (on a 2-core machine the build, the
 * database and the server otherwise share them evenly). On Linux a thread's own id names it to
 * `setpriority`; elsewhere the build keeps the process's priority.
 */
function lowerThisThreadsPriority() {
  try {
    const thread = Number(path.basename(readlinkSync('/proc/thread-self')));
    os.setPriority(thread, os.constants.priority.PRIORITY_LOW);
  } catch {
    // No /proc (not Linux) or not allowed: the build runs as before.
  }
}
