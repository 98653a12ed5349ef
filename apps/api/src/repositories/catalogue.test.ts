import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../catalogue/import.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase, testEngines } from '../test-support/database.ts';
import { fixtureCatalogue } from '../test-support/fixture-catalogue.ts';
import { createCatalogueRepository } from './catalogue.ts';
import { searchWords } from './song-search-index.ts';

describe('searchWords', () => {
  it('keeps lower-case words and drops any syntax', () => {
    expect(searchWords("Don't  Stop!")).toEqual(['don', 't', 'stop']);
    expect(searchWords('a&b|c:*')).toEqual(['a', 'b', 'c']);
    expect(searchWords(' !? ')).toEqual([]);
  });
});

describe.each(testEngines())('the catalogue serving copy on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await importCatalogue(database, 'nightcore', fixtureCatalogue);
  });
  afterAll(() => database.close());

  it('keep answering from memory until a newer catalogue is imported', async () => {
    const catalogue = createCatalogueRepository(database.db);
    await catalogue.refresh();
    expect((await catalogue.of('nightcore').getPlaylist('chill'))?.playlist.category_name).toBe(
      'chill Vibes',
    );

    const renamed = {
      ...fixtureCatalogue,
      playlists: fixtureCatalogue.playlists.map((playlist) =>
        playlist.id === 'chill' ? { ...playlist, name: 'Chill Renamed' } : playlist,
      ),
    };
    await importCatalogue(database, 'nightcore', renamed);
    expect((await catalogue.of('nightcore').getPlaylist('chill'))?.playlist.category_name).toBe(
      'chill Vibes',
    );

    await catalogue.refresh();
    expect((await catalogue.of('nightcore').getPlaylist('chill'))?.playlist.category_name).toBe(
      'Chill Renamed',
    );
    expect(
      (await catalogue.of('nightcore').listPlaylists({})).map((card) => card.category_name),
    ).toContain('Chill Renamed');
  });
});
