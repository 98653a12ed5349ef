import type { BrandId } from '@fansite/brand-config';
import { staffPlaylistSchema, type InboxItem, type StaffPlaylist } from '@fansite/contract';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { playlists, playlistSongs, songs } from '../db/schema.ts';
import { recordChange, type StaffActor } from './audit-log.ts';
import { recordCatalogueChange } from './catalogue-rows.ts';

/** A change the team asked for that cannot be made as asked; the message says why. */
export class CatalogueEditError extends Error {
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogueEditError';
  }
}

export interface PlaylistFields {
  id: string;
  name: string;
  description: string;
  description_url?: string;
  image_url?: string;
  special: boolean;
  home: boolean;
}

export interface NewSong {
  youtubeId: string;
  playlistId: string;
  title: string;
  authorName: string;
  durationSeconds: number;
  description: string;
}

/** A song as a staff page shows it, without the playlists that list it. */
const staffSongRow = z.object({
  youtube_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  category_id: z.string(),
  duration: z.number(),
});

/** A song as a change logs it: every field the team edits, and the playlists that list it. */
const songStateRow = staffSongRow.extend({
  description: z.string(),
  playlists: z.array(z.string()),
});
type SongState = z.infer<typeof songStateRow>;

const playlistColumns = sql`
  p.id, p.name AS category_name, p.description, p.description_url, p.image_url, p.special, p.home,
  (SELECT count(*)::int FROM playlist_songs ps WHERE ps.brand = p.brand AND ps.playlist_id = p.id)
    AS songs`;

/** The order of the playlists page (Popular): higher popularity first, then by name. */
const playlistOrder = sql`p.popularity DESC, p.name, p.id`;

/** The playlists whose answers a change alters, and the songs it adds, removes or alters. */
interface Touched {
  playlists: string[];
  songs: string[];
}

/**
 * The team's changes to a brand's catalogue, each one transaction that also bumps the catalogue
 * version, logs what it touched (so every server process patches its serving copy within its
 * 2 s check) and writes the audit log entry: a change is seen everywhere and logged, or not made
 * at all. `onChange` runs once a change is committed, and is awaited: this process's copy is
 * patched before the change is answered.
 */
export function createCatalogueEditor(
  db: AppDb,
  { onChange }: { onChange: () => Promise<void> | void },
) {
  async function change<T>(
    actor: StaffActor,
    work: (
      tx: AppDb,
    ) => Promise<{ result: T; log: Parameters<typeof recordChange>[2]; touched: Touched }>,
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const { result, log, touched } = await work(tx);
      await recordChange(tx, actor, log);
      await recordCatalogueChange(tx, actor.brand, touched);
      return result;
    });
    await onChange();
    return result;
  }

  /** The songs whose home is a playlist, and every playlist that lists one of them. */
  async function homeSongsAndTheirPlaylists(tx: AppDb, brand: BrandId, id: string) {
    const [row] = await queryRows(
      tx,
      sql`SELECT
            coalesce(array(SELECT youtube_id FROM songs
              WHERE brand = ${brand} AND category_id = ${id}), '{}') AS songs,
            coalesce(array(SELECT DISTINCT ps.playlist_id FROM playlist_songs ps
              JOIN songs s ON s.brand = ps.brand AND s.youtube_id = ps.youtube_id
              WHERE ps.brand = ${brand} AND s.category_id = ${id}), '{}') AS playlists`,
      z.object({ songs: z.array(z.string()), playlists: z.array(z.string()) }),
    );
    return row!;
  }

  async function playlist(tx: AppDb, brand: BrandId, id: string): Promise<StaffPlaylist | null> {
    const [row] = await queryRows(
      tx,
      sql`SELECT ${playlistColumns} FROM playlists p WHERE p.brand = ${brand} AND p.id = ${id}`,
      staffPlaylistSchema,
    );
    return row ?? null;
  }

  async function existingPlaylist(tx: AppDb, brand: BrandId, id: string, lock = false) {
    const found = await playlist(tx, brand, id);
    if (!found) throw new CatalogueEditError(404, `There is no playlist "${id}".`);
    if (lock) {
      await tx.execute(
        sql`SELECT 1 FROM playlists WHERE brand = ${brand} AND id = ${id} FOR UPDATE`,
      );
    }
    return found;
  }

  async function song(tx: AppDb, brand: BrandId, youtubeId: string): Promise<SongState | null> {
    const [row] = await queryRows(
      tx,
      sql`SELECT s.youtube_id AS youtube_url, s.title, s.author_name, s.category_id,
                 s.duration_seconds AS duration, s.description,
                 coalesce(array(SELECT ps.playlist_id FROM playlist_songs ps
                   WHERE ps.brand = s.brand AND ps.youtube_id = s.youtube_id
                   ORDER BY ps.playlist_id), '{}') AS playlists
          FROM songs s WHERE s.brand = ${brand} AND s.youtube_id = ${youtubeId} FOR UPDATE`,
      songStateRow,
    );
    return row ?? null;
  }

  async function existingSong(tx: AppDb, brand: BrandId, youtubeId: string) {
    const found = await song(tx, brand, youtubeId);
    if (!found)
      throw new CatalogueEditError(404, `The video ${youtubeId} is not in the catalogue.`);
    return found;
  }

  /** Appends a song at the end of a playlist's play order. */
  async function append(tx: AppDb, brand: BrandId, playlistId: string, youtubeId: string) {
    await tx.execute(
      sql`INSERT INTO playlist_songs (brand, playlist_id, youtube_id, position)
          SELECT ${brand}, ${playlistId}, ${youtubeId}, coalesce(max(position) + 1, 0)
          FROM playlist_songs WHERE brand = ${brand} AND playlist_id = ${playlistId}`,
    );
  }

  async function deleteSong(tx: AppDb, brand: BrandId, youtubeId: string) {
    const before = await existingSong(tx, brand, youtubeId);
    // Its places in play orders and the radio's history of it go with it (foreign keys).
    await tx.execute(sql`DELETE FROM songs WHERE brand = ${brand} AND youtube_id = ${youtubeId}`);
    return before;
  }

  return {
    /** One brand's playlists in the Popular order, with their number of songs. */
    async playlists(brand: BrandId): Promise<StaffPlaylist[]> {
      return queryRows(
        db,
        sql`SELECT ${playlistColumns} FROM playlists p WHERE p.brand = ${brand}
            ORDER BY ${playlistOrder}`,
        staffPlaylistSchema,
      );
    },

    /** A playlist and its songs in play order, as the database has them now. */
    async playlistSongs(brand: BrandId, id: string) {
      const found = await playlist(db, brand, id);
      if (!found) return null;
      const songs = await queryRows(
        db,
        sql`SELECT s.youtube_id AS youtube_url, s.title, s.author_name, s.category_id,
                   s.duration_seconds AS duration
            FROM playlist_songs ps JOIN songs s ON s.youtube_id = ps.youtube_id
            WHERE ps.brand = ${brand} AND ps.playlist_id = ${id}
            ORDER BY ps.position`,
        staffSongRow,
      );
      return { playlist: found, songs };
    },

    createPlaylist: (actor: StaffActor, fields: PlaylistFields) =>
      change(actor, async (tx) => {
        // A new playlist goes last in the Popular order; the team moves it up from there.
        const inserted = await queryRows(
          tx,
          sql`INSERT INTO playlists (brand, id, name, description, description_url, image_url,
                                     special, home, popularity)
              SELECT ${actor.brand}, ${fields.id}, ${fields.name}, ${fields.description},
                     ${fields.description_url || null}, ${fields.image_url || null},
                     ${fields.special}, ${fields.home},
                     coalesce((SELECT min(popularity) - 1 FROM playlists WHERE brand = ${actor.brand}), 0)
              ON CONFLICT DO NOTHING RETURNING id`,
          z.object({ id: z.string() }),
        );
        if (inserted.length === 0) {
          throw new CatalogueEditError(
            409,
            `A playlist with the id "${fields.id}" already exists.`,
          );
        }
        const after = (await playlist(tx, actor.brand, fields.id))!;
        return {
          result: after,
          log: { action: 'playlist.create', subject: fields.id, after },
          touched: { playlists: [fields.id], songs: [] },
        };
      }),

    updatePlaylist: (actor: StaffActor, fields: PlaylistFields) =>
      change(actor, async (tx) => {
        const before = await existingPlaylist(tx, actor.brand, fields.id, true);
        await tx.execute(
          sql`UPDATE playlists SET name = ${fields.name}, description = ${fields.description},
                description_url = ${fields.description_url || null},
                image_url = ${fields.image_url || null},
                special = ${fields.special}, home = ${fields.home}
              WHERE brand = ${actor.brand} AND id = ${fields.id}`,
        );
        const after = (await playlist(tx, actor.brand, fields.id))!;
        // A new name is in the summary of every song whose home the playlist is.
        const renamed =
          before.category_name === after.category_name
            ? { songs: [], playlists: [] }
            : await homeSongsAndTheirPlaylists(tx, actor.brand, fields.id);
        return {
          result: after,
          log: { action: 'playlist.update', subject: fields.id, before, after },
          touched: { playlists: [fields.id, ...renamed.playlists], songs: renamed.songs },
        };
      }),

    /** Deletes a playlist; one that is still the home of songs is refused (they would go too). */
    deletePlaylist: (actor: StaffActor, id: string) =>
      change(actor, async (tx) => {
        const before = await existingPlaylist(tx, actor.brand, id, true);
        const [home] = await tx
          .select({ count: count() })
          .from(songs)
          .where(and(eq(songs.brand, actor.brand), eq(songs.categoryId, id)));
        if (home && home.count > 0) {
          throw new CatalogueEditError(
            409,
            `"${before.category_name}" is the home playlist of ${home.count} song(s): move or remove them first.`,
          );
        }
        await tx.execute(sql`DELETE FROM playlists WHERE brand = ${actor.brand} AND id = ${id}`);
        return {
          result: null,
          log: { action: 'playlist.delete', subject: id, before },
          touched: { playlists: [id], songs: [] },
        };
      }),

    /** Moves a playlist one place up or down the Popular order. */
    movePlaylist: (actor: StaffActor, id: string, direction: 'up' | 'down') =>
      change(actor, async (tx) => {
        await existingPlaylist(tx, actor.brand, id);
        const ordered = (
          await queryRows(
            tx,
            sql`SELECT p.id FROM playlists p WHERE p.brand = ${actor.brand}
                ORDER BY ${playlistOrder} FOR UPDATE`,
            z.object({ id: z.string() }),
          )
        ).map((row) => row.id);
        const from = ordered.indexOf(id);
        const to = direction === 'up' ? from - 1 : from + 1;
        if (to >= 0 && to < ordered.length) {
          [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
          // Popularity is the order itself from now on: the first playlist the highest.
          await tx.execute(
            sql`UPDATE playlists p SET popularity = (${ordered.length} - ordered.rank)::int
                FROM unnest(${sql.param(ordered)}::text[]) WITH ORDINALITY AS ordered(id, rank)
                WHERE p.brand = ${actor.brand} AND p.id = ordered.id`,
          );
        }
        return {
          result: null,
          log: {
            action: 'playlist.move',
            subject: id,
            before: { position: from + 1 },
            after: { position: ordered.indexOf(id) + 1 },
          },
          // The Popular order is made again from every playlist's row: no answer changes.
          touched: { playlists: [], songs: [] },
        };
      }),

    /**
     * Adds a video to a playlist as a new song of the brand. A video already in the catalogue is
     * refused, naming the playlist it is in (a video is one brand's song).
     */
    addSong: (actor: StaffActor, added: NewSong) =>
      change(actor, async (tx) => {
        const [taken] = await tx
          .select({ brand: songs.brand, playlist: playlists.name })
          .from(songs)
          .innerJoin(
            playlists,
            and(eq(playlists.brand, songs.brand), eq(playlists.id, songs.categoryId)),
          )
          .where(eq(songs.youtubeId, added.youtubeId));
        if (taken) {
          throw new CatalogueEditError(
            409,
            taken.brand === actor.brand
              ? `This video is already in the catalogue, in the playlist "${taken.playlist}".`
              : `This video is already in the ${taken.brand} site's catalogue.`,
          );
        }
        await existingPlaylist(tx, actor.brand, added.playlistId, true);
        await tx.execute(
          sql`INSERT INTO songs (youtube_id, brand, title, author_name, description, date_added,
                                 is_new, duration_seconds, category_id)
              VALUES (${added.youtubeId}, ${actor.brand}, ${added.title}, ${added.authorName},
                      ${added.description}, now(), true, ${added.durationSeconds}, ${added.playlistId})`,
        );
        await append(tx, actor.brand, added.playlistId, added.youtubeId);
        const after = (await song(tx, actor.brand, added.youtubeId))!;
        return {
          result: after,
          log: { action: 'song.add', subject: added.youtubeId, after },
          touched: { playlists: [added.playlistId], songs: [added.youtubeId] },
        };
      }),

    /** Moves a song from one playlist to the end of another (its home too, if it was the first). */
    moveSong: (actor: StaffActor, youtubeId: string, from: string, to: string) =>
      change(actor, async (tx) => {
        const before = await existingSong(tx, actor.brand, youtubeId);
        if (!before.playlists.includes(from)) {
          throw new CatalogueEditError(404, `The song is not in the playlist "${from}".`);
        }
        const target = await existingPlaylist(tx, actor.brand, to, true);
        if (before.playlists.includes(to)) {
          throw new CatalogueEditError(409, `The song is already in "${target.category_name}".`);
        }
        await tx.execute(
          sql`DELETE FROM playlist_songs
              WHERE brand = ${actor.brand} AND playlist_id = ${from} AND youtube_id = ${youtubeId}`,
        );
        await append(tx, actor.brand, to, youtubeId);
        if (before.category_id === from) {
          await tx.execute(
            sql`UPDATE songs SET category_id = ${to} WHERE youtube_id = ${youtubeId}`,
          );
        }
        const after = (await song(tx, actor.brand, youtubeId))!;
        return {
          result: null,
          log: {
            action: 'song.move',
            subject: youtubeId,
            before: { category_id: before.category_id, playlists: before.playlists },
            after: { category_id: after.category_id, playlists: after.playlists },
          },
          // A new home changes the song's summary, in every playlist that lists it.
          touched:
            before.category_id === after.category_id
              ? { playlists: [from, to], songs: [] }
              : { playlists: [...before.playlists, to], songs: [youtubeId] },
        };
      }),

    /** Swaps a song with its neighbour in a playlist's play order. */
    reorderSong: (
      actor: StaffActor,
      youtubeId: string,
      playlistId: string,
      direction: 'up' | 'down',
    ) =>
      change(actor, async (tx) => {
        await existingPlaylist(tx, actor.brand, playlistId, true);
        const inPlaylist = and(
          eq(playlistSongs.brand, actor.brand),
          eq(playlistSongs.playlistId, playlistId),
        );
        const [place] = await tx
          .select({ position: playlistSongs.position })
          .from(playlistSongs)
          .where(and(inPlaylist, eq(playlistSongs.youtubeId, youtubeId)));
        if (!place)
          throw new CatalogueEditError(404, `The song is not in the playlist "${playlistId}".`);
        const [neighbour] = await tx
          .select({ youtube_id: playlistSongs.youtubeId, position: playlistSongs.position })
          .from(playlistSongs)
          .where(
            and(
              inPlaylist,
              direction === 'up'
                ? lt(playlistSongs.position, place.position)
                : gt(playlistSongs.position, place.position),
            ),
          )
          .orderBy(direction === 'up' ? desc(playlistSongs.position) : playlistSongs.position)
          .limit(1);
        if (neighbour) {
          // Positions are unique at every statement: one of the two steps aside first.
          const where = (id: string) =>
            sql`brand = ${actor.brand} AND playlist_id = ${playlistId} AND youtube_id = ${id}`;
          await tx.execute(sql`UPDATE playlist_songs SET position = -1 WHERE ${where(youtubeId)}`);
          await tx.execute(
            sql`UPDATE playlist_songs SET position = ${place.position} WHERE ${where(neighbour.youtube_id)}`,
          );
          await tx.execute(
            sql`UPDATE playlist_songs SET position = ${neighbour.position} WHERE ${where(youtubeId)}`,
          );
        }
        return {
          result: null,
          log: {
            action: 'song.reorder',
            subject: youtubeId,
            after: { playlist: playlistId, direction },
          },
          touched: { playlists: [playlistId], songs: [] },
        };
      }),

    /** Removes a song from the brand's catalogue (every playlist it is in). */
    removeSong: (actor: StaffActor, youtubeId: string) =>
      change(actor, async (tx) => {
        const before = await deleteSong(tx, actor.brand, youtubeId);
        return {
          result: null,
          log: { action: 'song.remove', subject: youtubeId, before },
          touched: { playlists: before.playlists, songs: [youtubeId] },
        };
      }),

    /**
     * The inbox's one-step resolution of a song report: the reported song leaves the catalogue
     * and the report is done, together.
     */
    removeReportedSong: (actor: StaffActor, item: InboxItem) =>
      change(actor, async (tx) => {
        if (!item.reported_video) {
          throw new CatalogueEditError(404, 'This item names no song.');
        }
        const before = await deleteSong(tx, actor.brand, item.reported_video);
        await tx.execute(
          sql`UPDATE contact_requests SET state = 'done', updated_at = now()
              WHERE id = ${item.id} AND brand = ${actor.brand}`,
        );
        await recordChange(tx, actor, {
          action: 'inbox.update',
          subject: `#${item.id}`,
          before: { state: item.state },
          after: { state: 'done' },
        });
        return {
          result: null,
          log: { action: 'song.remove', subject: item.reported_video, before },
          touched: { playlists: before.playlists, songs: [item.reported_video] },
        };
      }),
  };
}

export type CatalogueEditor = ReturnType<typeof createCatalogueEditor>;
