import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  createServingCatalogue,
  type ServingCatalogue,
  type ServingCatalogueOptions,
} from '../catalogue/serving.ts';
import type { AppDb } from '../db/client.ts';
import { ids } from './fixture-catalogue.ts';

/**
 * A starting process's catalogue over `db` (the stored or shared copies if they may be used, else
 * the rows), once its copies are stored; a copy error fails the test.
 */
export async function startedCatalogue(
  db: AppDb,
  options: Omit<ServingCatalogueOptions, 'onCopyError'>,
): Promise<ServingCatalogue> {
  const errors: unknown[] = [];
  const catalogue = createServingCatalogue(db, {
    ...options,
    onCopyError: (error) => errors.push(error),
  });
  await catalogue.refresh();
  await catalogue.stored();
  expect(errors).toEqual([]);
  return catalogue;
}

/** The fixture's "sky" song retitled in the rows alone (no new version): only a build shows it. */
export const retitleRowsOnly = (db: AppDb, title: string) =>
  db.execute(sql`UPDATE songs SET title = ${title} WHERE youtube_id = ${ids.sky}`);

/** The title a catalogue serves for the fixture's "sky" song. */
export const titleServed = (catalogue: ServingCatalogue) =>
  catalogue.of('nightcore').snapshot.summary(ids.sky)?.title;
