import { type FileHandle, open } from 'node:fs/promises';
import type { BrandId } from '@fansite/brand-config';
import { openDatabase } from '../db/client.ts';
import {
  type BuildWorkerData,
  type BuildWorkerMessage,
  type ShareCopiesMessage,
  buildAndStoreCopy,
} from './build-copy.ts';
import { shareStoredCopy } from './shared-copy.ts';
import { storedCopyFile } from './stored-copy.ts';

const tell = (message: BuildWorkerMessage) =>
  new Promise<void>((resolve) => process.send!(message, () => resolve()));

/**
 * A build worker's work (`buildInWorker`), in a process of its own: each brand's rows read from
 * PostgreSQL, its serving copy built and stored for the server to read; once the server says it
 * read them, each copy shared through the database for other processes (`shared-copy.ts`). The
 * server sends what to build as a message; an error is sent back in words before the process
 * ends with code 1.
 */
async function build({ databaseUrl, brands, copyFolder }: BuildWorkerData) {
  const database = await openDatabase({ url: databaseUrl });
  try {
    // Each file is kept open from its write to its share: the server may read it, or a later
    // build replace it, in between.
    const built: { brand: BrandId; file: FileHandle; version: number; stamp: string }[] = [];
    try {
      for (const brand of brands) {
        const copy = await buildAndStoreCopy(database.db, brand, copyFolder);
        built.push({ brand, file: await open(storedCopyFile(copyFolder, brand), 'r'), ...copy });
      }
      const mayShare = new Promise<void>((resolve) =>
        process.once('message', (_message: ShareCopiesMessage) => resolve()),
      );
      await tell({ built: true });
      await mayShare;
      for (const { brand, file, ...copy } of built) {
        await shareStoredCopy(database, file, brand, copy).catch((error: unknown) =>
          tell({ warning: `Could not share the ${brand} catalogue copy: ${inWords(error)}` }),
        );
      }
    } finally {
      for (const { file } of built) await file.close();
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
    (error: unknown) => tell({ error: inWords(error) }).then(() => process.exit(1)),
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
