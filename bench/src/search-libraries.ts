/**
 * Compares full-text search libraries on the catalogue's workload: 100,000 demo titles, searched
 * by whole words, prefixes (what a visitor has typed so far), typos, two-word phrases and
 * artists. Reports build time, the heap the index holds, and query times. The library the server
 * uses was chosen from this comparison (docs/catalogue-engine.md has the figures).
 *
 *   pnpm --filter @fansite/api exec tsx bench/search-libraries.ts [songs]
 */
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { Document as FlexDocument } from 'flexsearch';
import Fuse from 'fuse.js';
import MiniSearch from 'minisearch';
import { generateDemoCatalogue } from '@fansite/api/src/catalogue/demo.ts';
import type { CatalogueSnapshot } from '@fansite/api/src/catalogue/catalogue-snapshot.ts';
import { snapshotOf } from '@fansite/api/src/test-support/snapshot.ts';
import { formatTable, print } from './table.ts';

type Doc = { id: number; title: string; author_name: string };

interface Candidate {
  name: string;
  build(docs: Doc[]): unknown;
  /** Matching ids for a search of titles and artists (typo-tolerant where the library can). */
  query(index: unknown, text: string): Promise<number> | number;
  /** Whether a swapped-letters typo of a title word still finds it. */
}

const songs = Number(process.argv[2] ?? 100_000);
const catalogue = generateDemoCatalogue({ songs });
const docs: Doc[] = catalogue.songs.map((song, id) => ({
  id,
  title: song.title,
  author_name: song.author_name,
}));

const queries = {
  word: ['heartbeat', 'moonlight', 'paradise', 'galaxy', 'thunder'],
  prefix: ['hear', 'moon', 'para', 'gala', 'thun'],
  typo: ['haertbeat', 'moonlihgt', 'paradsie', 'glaaxy', 'thudner'],
  phrase: ['golden heart', 'let me go', 'silent night', 'wild fire', 'neon skyline'],
  artist: ['luna vale', 'kairo', 'nova', 'yuki amano', 'zephyr'],
  common: ['nightcore', 'a', 'the'],
};

const candidates: Candidate[] = [
  {
    // What the server uses: minisearch's radix tree over the catalogue's distinct words (prefix
    // and typo look-ups), each word pointing at its songs; sorted by title or date, not score.
    name: 'our index: word runs, song bitmaps (minisearch SearchableMap for typos)',
    build: () => snapshotOf(catalogue),
    query: (index, text) => (index as CatalogueSnapshot).search({ s: text }).length,
  },
  {
    name: 'minisearch 7',
    build: (all) => {
      const index = new MiniSearch<Doc>({ fields: ['title', 'author_name'] });
      index.addAll(all);
      return index;
    },
    query: (index, text) =>
      (index as MiniSearch<Doc>).search(text, {
        prefix: true,
        combineWith: 'AND',
        fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      }).length,
  },
  {
    name: 'flexsearch 0.8',
    build: (all) => {
      const index = new FlexDocument({
        document: { id: 'id', index: ['title', 'author_name'] },
        tokenize: 'forward',
      });
      for (const doc of all) index.add(doc);
      return index;
    },
    query: (index, text) => {
      const fields = (index as FlexDocument).search(text, { limit: 100, suggest: true }) as {
        result: number[];
      }[];
      return new Set(fields.flatMap((field) => field.result)).size;
    },
  },
  {
    name: 'orama 3',
    build: async (all) => {
      const index = create({ schema: { title: 'string', author_name: 'string' } });
      const rows = all.map((doc) => ({
        id: String(doc.id),
        title: doc.title,
        author_name: doc.author_name,
      }));
      await insertMultiple(index, rows as never);
      return index;
    },
    query: async (index, text) =>
      (
        await (oramaSearch as (db: unknown, params: object) => Promise<{ count: number }>)(index, {
          term: text,
          tolerance: 1,
          limit: 100,
        })
      ).count,
  },
  {
    name: 'fuse.js 7',
    build: (all) => new Fuse(all, { keys: ['title', 'author_name'], threshold: 0.3 }),
    query: (index, text) => (index as Fuse<Doc>).search(text, { limit: 100 }).length,
  },
];

function heapMb(): number {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function timeQueries(candidate: Candidate, index: unknown, texts: string[]) {
  const times: number[] = [];
  const found: number[] = [];
  for (const text of texts) {
    const startedAt = performance.now();
    found.push(await candidate.query(index, text));
    times.push(performance.now() - startedAt);
  }
  return { maxMs: Math.max(...times), found };
}

async function main() {
  print(
    `Search libraries on ${songs.toLocaleString('en-US')} demo titles (Node ${process.version})`,
  );
  if (!global.gc) print('(run with --expose-gc for steadier heap figures)');
  const rows: string[][] = [];
  for (const candidate of candidates) {
    const heapBefore = heapMb();
    const startedAt = performance.now();
    const index: unknown = await candidate.build(docs);
    const buildMs = performance.now() - startedAt;
    const heapMbUsed = heapMb() - heapBefore;
    // Warm the code paths once so the figures are of a server in service.
    await timeQueries(candidate, index, queries.word);
    const cells = [candidate.name, buildMs.toFixed(0), heapMbUsed.toFixed(0)];
    for (const texts of Object.values(queries)) {
      const { maxMs, found } = await timeQueries(candidate, index, texts);
      cells.push(`${maxMs.toFixed(1)} (${Math.min(...found)})`);
    }
    rows.push(cells);
  }
  print(
    formatTable(
      [
        'library',
        'build ms',
        'heap MB',
        ...Object.keys(queries).map((kind) => `${kind} max ms (fewest hits)`),
      ],
      rows,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
