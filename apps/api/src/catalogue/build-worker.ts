import { openDatabase } from '../db/client.ts';
import { catalogueStamp } from '../repositories/catalogue-rows.ts';
import { type BuildWorkerData, type BuildWorkerFailure, buildFromRows } from './build-copy.ts';
import { writeStoredCopy } from './stored-copy.ts';

/**
 * A build worker's work (`buildInWorker`), in a process of its own: each brand's rows read from
 * PostgreSQL, its serving copy built and stored for the server to read. The server sends what to
 * build as a message; an error is sent back in words before the process ends with code 1.
 */
async function build({ databaseUrl, brands, copyFolder }: BuildWorkerData) {
  const database = await openDatabase({ url: databaseUrl });
  try {
    for (const brand of brands) {
      // Nothing waits on this process's event loop: the rows come in large pages.
      const snapshot = await buildFromRows(database.db, brand, true);
      const stamp = await catalogueStamp(database.db, snapshot.version);
      if (stamp === null) throw new Error(`Catalogue version ${snapshot.version} has no stamp.`);
      await writeStoredCopy(copyFolder, brand, stamp, snapshot);
    }
  } finally {
    await database.close();
  }
}

// The server gone (its channel closed), nobody will read the copy.
process.once('disconnect', () => process.exit(1));
process.once('message', (data: BuildWorkerData) => {
  build(data).then(
    () => process.exit(0),
    (error: unknown) => {
      const failure: BuildWorkerFailure = { error: inWords(error) };
      process.send!(failure, () => process.exit(1));
    },
  );
});

/** An error's message and its causes' ("Failed query: …: connect ECONNREFUSED …"). */
function inWords(error: unknown): string {
  const messages: string[] = [];
  for (let cause = error; cause !== undefined && messages.length < 5;) {
    messages.push(cause instanceof Error ? cause.message.trim() : String(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return messages.join(': ');
}
