import type { CatalogueFile } from '../catalogue/catalogue-file.ts';
import { CatalogueSnapshot } from '../catalogue/catalogue-snapshot.ts';

/** The serving copy of a catalogue file, built from the rows an import would store. */
export function snapshotOf(file: CatalogueFile, version = 1): Promise<CatalogueSnapshot> {
  const names = new Map(file.playlists.map((playlist) => [playlist.id, playlist.name]));
  return CatalogueSnapshot.build(
    version,
    file.playlists,
    file.songs.map((song) => ({
      youtube_url: song.youtube_id,
      title: song.title,
      author_name: song.author_name,
      category_id: song.category_id,
      category_name: names.get(song.category_id)!,
      date_added: song.date_added,
      new: song.new ? 'true' : 'false',
      duration: song.duration,
      description: song.description,
    })),
    new Map(file.playlists.map((playlist) => [playlist.id, playlist.songs])),
  );
}
