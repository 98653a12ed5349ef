import { buildCopiesForNextStart } from '@fansite/api/src/catalogue/shared-copy.ts';
import { openDatabase } from '@fansite/api/src/db/client.ts';

/** What `share-copies.ts` is sent: the database the copies are built from and shared in. */
export interface ShareCopies {
  databaseUrl: string;
}

// Forked by million.ts: the second step of `catalog import`, in a process of its own as the
// command's is, so that what the build leaves on the heap is not the bench's while it measures.
process.once('message', ({ databaseUrl }: ShareCopies) => {
  void (async () => {
    const database = await openDatabase({ url: databaseUrl });
    try {
      await buildCopiesForNextStart(database, {});
    } finally {
      await database.close();
    }
  })().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
