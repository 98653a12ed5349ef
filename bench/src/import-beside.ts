import type { CatalogueFile } from '@fansite/api/src/catalogue/catalogue-file.ts';
import { generateDemoCatalogue } from '@fansite/api/src/catalogue/demo.ts';
import { openDatabase } from '@fansite/api/src/db/client.ts';
import { importForServers } from '@fansite/api/src/operator/commands/catalog.ts';

/** What `import-beside.ts` is sent first: the catalogue to make, and where to import it. */
export interface ImportBeside {
  databaseUrl: string;
  songs: number;
  /** Of the songs, the share whose title the file edits (0: the demo catalogue as it is). */
  editedShare: number;
}

/** What it answers: `ready` once the file is made, `imported` once the command's work is done. */
export type ImportBesideAnswer =
  { type: 'ready' } | { type: 'imported'; importSeconds: number; shareSeconds: number };

/** The demo catalogue with a share of its songs' titles edited: a busy week's changes. */
function editedCatalogue(catalogue: CatalogueFile, editedShare: number): CatalogueFile {
  if (editedShare === 0) return catalogue;
  const every = Math.round(1 / editedShare);
  return {
    ...catalogue,
    songs: catalogue.songs.map((song, index) =>
      index % every === 0 ? { ...song, title: `${song.title} (remastered)` } : song,
    ),
  };
}

const send = (answer: ImportBesideAnswer) => process.send?.(answer);

// Forked by million.ts: `catalog import`'s work (`importForServers`: its transaction, then every
// brand's copy built and shared) in a process of its own, as the operator's command runs beside
// the servers. In the bench's process it shared an event loop with the load generator, whose
// requests then waited on the import's validation of a million songs: a delay no visitor meets.
process.once('message', ({ databaseUrl, songs, editedShare }: ImportBeside) => {
  void (async () => {
    const catalogue = editedCatalogue(generateDemoCatalogue({ songs }), editedShare);
    send({ type: 'ready' });
    await new Promise((resolve) => process.once('message', resolve));
    const database = await openDatabase({ url: databaseUrl });
    try {
      const { importSeconds, shareSeconds } = await importForServers(
        database,
        'nightcore',
        catalogue,
      );
      send({ type: 'imported', importSeconds, shareSeconds });
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
