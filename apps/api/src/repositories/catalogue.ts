import type {
  ExploreItem,
  PlaylistAllQuery,
  PlaylistCard,
  PlaylistDetail,
  RandomSong,
  Song,
  SongSearchQuery,
  SongSummary,
} from '@fansite/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows as rows, type AppDb } from '../db/client.ts';
import { ReadCache } from './read-cache.ts';

const SEARCH_RESULT_LIMIT = 100;
const TYPO_CANDIDATE_LIMIT = 20;
const EXPLORE_SIZE = 12;

/** Columns of a song summary, from `songs s` joined with its home playlist `hp`. */
export const songSummaryColumns = sql`
  s.youtube_id AS youtube_url,
  s.title,
  s.author_name,
  s.category_id,
  hp.name AS category_name,
  to_char(s.date_added AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date_added,
  CASE WHEN s.is_new THEN 'true' ELSE 'false' END AS new,
  s.duration_seconds AS duration`;

/**
 * Search words become prefix terms ("nightc" finds "nightcore"); only letters and digits survive,
 * so nothing the visitor types can reach tsquery syntax.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

const VIDEO_ID_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/** A random point in the space of video ids, for picking songs without scanning the table. */
function randomIdPivot(): string {
  return Array.from(
    { length: 3 },
    () => VIDEO_ID_ALPHABET[Math.floor(Math.random() * VIDEO_ID_ALPHABET.length)],
  ).join('');
}

/** Reads of the catalogue as they come from the database, uncached. */
function catalogueQueries(db: AppDb) {
  return {
    async listPlaylists({ home, order }: PlaylistAllQuery): Promise<PlaylistCard[]> {
      const orderBy =
        order === 'ASC'
          ? sql`lower(p.name) ASC, p.id`
          : order === 'DESC'
            ? sql`lower(p.name) DESC, p.id`
            : sql`p.popularity DESC, lower(p.name) ASC, p.id`;
      return rows<PlaylistCard>(
        db,
        sql`
          SELECT p.id, p.name AS category_name, p.description, p.description_url, p.special,
            p.image_url,
            (SELECT ps.youtube_id FROM playlist_songs ps WHERE ps.playlist_id = p.id
              ORDER BY ps.position LIMIT 1) AS youtube_url
          FROM playlists p
          WHERE ${home === 'true' ? sql`p.home` : sql`TRUE`}
          ORDER BY ${orderBy}`,
      );
    },

    async getPlaylist(playlistId: string): Promise<PlaylistDetail | null> {
      const [playlist] = await rows<PlaylistDetail['playlist']>(
        db,
        sql`SELECT id, name AS category_name, description FROM playlists WHERE id = ${playlistId}`,
      );
      if (!playlist) return null;
      const songs = await rows<SongSummary>(
        db,
        sql`
          SELECT ${songSummaryColumns}
          FROM playlist_songs ps
          JOIN songs s ON s.youtube_id = ps.youtube_id
          JOIN playlists hp ON hp.id = s.category_id
          WHERE ps.playlist_id = ${playlistId}
          ORDER BY ps.position`,
      );
      return { playlist, songs };
    },

    /** A song in the context of a playlist: next, previous and first follow the playlist's order. */
    async getSongInPlaylist(youtubeId: string, playlistId: string): Promise<Song | null> {
      const [song] = await rows<Song>(
        db,
        sql`
          SELECT ${songSummaryColumns}, s.description,
            nxt.youtube_id AS next, nxt_song.title AS next_title,
            (SELECT ps.youtube_id FROM playlist_songs ps
              WHERE ps.playlist_id = cur.playlist_id AND ps.position < cur.position
              ORDER BY ps.position DESC LIMIT 1) AS previous,
            (SELECT ps.youtube_id FROM playlist_songs ps
              WHERE ps.playlist_id = cur.playlist_id ORDER BY ps.position LIMIT 1) AS first_song
          FROM playlist_songs cur
          JOIN songs s ON s.youtube_id = cur.youtube_id
          JOIN playlists hp ON hp.id = s.category_id
          LEFT JOIN LATERAL (
            SELECT ps.youtube_id FROM playlist_songs ps
            WHERE ps.playlist_id = cur.playlist_id AND ps.position > cur.position
            ORDER BY ps.position LIMIT 1
          ) nxt ON TRUE
          LEFT JOIN songs nxt_song ON nxt_song.youtube_id = nxt.youtube_id
          WHERE cur.playlist_id = ${playlistId} AND cur.youtube_id = ${youtubeId}`,
      );
      return song ?? null;
    },

    /** A random song, from one playlist when given; null when there is none. */
    async randomSong(playlistId?: string): Promise<RandomSong | null> {
      if (playlistId) {
        // A playlist is small and its positions are indexed: count, then read one entry.
        const [count] = await rows<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM playlist_songs WHERE playlist_id = ${playlistId}`,
        );
        if (!count?.total) return null;
        const [song] = await rows<RandomSong>(
          db,
          sql`SELECT youtube_id AS youtube_url, playlist_id AS category_id FROM playlist_songs
              WHERE playlist_id = ${playlistId}
              ORDER BY position OFFSET ${Math.floor(Math.random() * count.total)} LIMIT 1`,
        );
        return song ?? null;
      }
      // Counting the whole catalogue on every click is slow; the first song at or after a random
      // video id (ids are random strings) is one primary-key lookup.
      const [song] = await rows<RandomSong>(
        db,
        sql`SELECT youtube_url, category_id FROM (
              (SELECT youtube_id AS youtube_url, category_id, 0 AS lap FROM songs
                WHERE youtube_id >= ${randomIdPivot()} ORDER BY youtube_id LIMIT 1)
              UNION ALL
              (SELECT youtube_id, category_id, 1 FROM songs ORDER BY youtube_id LIMIT 1)
            ) picked ORDER BY lap LIMIT 1`,
      );
      return song ?? null;
    },

    /** A few songs from across the catalogue for the song page's Explore more grid. */
    async explore(): Promise<ExploreItem[]> {
      // Video ids are random strings, so the songs that follow a random pivot in id order are a
      // random pick, read from the primary key instead of shuffling the whole table.
      const pivot = randomIdPivot();
      return rows<ExploreItem>(
        db,
        sql`
          SELECT s.category_id AS id, s.youtube_id AS youtube_url, s.title, hp.name AS category_name
          FROM (
            (SELECT youtube_id, 0 AS lap FROM songs WHERE youtube_id >= ${pivot}
              ORDER BY youtube_id LIMIT ${EXPLORE_SIZE})
            UNION ALL
            (SELECT youtube_id, 1 AS lap FROM songs WHERE youtube_id < ${pivot}
              ORDER BY youtube_id LIMIT ${EXPLORE_SIZE})
          ) picked
          JOIN songs s ON s.youtube_id = picked.youtube_id
          JOIN playlists hp ON hp.id = s.category_id
          ORDER BY picked.lap, picked.youtube_id
          LIMIT ${EXPLORE_SIZE}`,
      );
    },

    /**
     * Whole and partial words match through full-text search. Only when that finds nothing do
     * typos get their chance through trigram word similarity: common words then stay cheap (no
     * similarity to compute for thousands of rows), and a misspelt search still finds its song.
     * An exact title (or artist) match always comes first, then the chosen order.
     */
    async search(query: SongSearchQuery): Promise<SongSummary[]> {
      const text = query.s.trim();
      const byArtist = query.type === 'artist';
      const field = byArtist ? sql`s.author_name` : sql`s.title`;
      const direction = query.orderDir === 'DESC' ? sql`DESC` : sql`ASC`;
      const order =
        query.orderBy === 'date_added'
          ? sql`s.date_added ${direction}`
          : sql`lower(s.title) ${direction}`;
      const matching = (condition: SQL) =>
        rows<SongSummary>(
          db,
          sql`
            SELECT ${songSummaryColumns}
            FROM songs s
            JOIN playlists hp ON hp.id = s.category_id
            WHERE ${condition}
            ORDER BY (lower(${field}) = lower(${text})) DESC, ${order}, s.youtube_id
            LIMIT ${SEARCH_RESULT_LIMIT}`,
        );

      const tsQuery = prefixTsQuery(text);
      if (tsQuery) {
        const words = byArtist
          ? sql`s.artist_search @@ to_tsquery('simple', ${tsQuery})`
          : sql`s.search @@ to_tsquery('simple', ${tsQuery})`;
        const found = await matching(words);
        if (found.length) return found;
      }
      // The closest spellings only, so a typo does not drown in loosely similar titles.
      return matching(sql`s.youtube_id IN (
        SELECT youtube_id FROM songs WHERE ${text} <% ${byArtist ? sql`author_name` : sql`title`}
        ORDER BY word_similarity(${text}, ${byArtist ? sql`author_name` : sql`title`}) DESC
        LIMIT ${TYPO_CANDIDATE_LIMIT})`);
    },
  };
}

/**
 * The catalogue changes only when an operator imports a new one, while every visitor reads it, so
 * reads that depend on nothing but the catalogue are kept in memory. `refresh` drops them once the
 * stored catalogue version moves on; random picks are never cached.
 */
export function createCatalogueRepository(db: AppDb) {
  const queries = catalogueQueries(db);
  const playlistLists = new ReadCache<PlaylistCard[]>(16);
  const playlistDetails = new ReadCache<PlaylistDetail | null>(2_000);
  const songsInPlaylists = new ReadCache<Song | null>(20_000);
  const searches = new ReadCache<SongSummary[]>(2_000);
  let knownVersion: number | null = null;

  return {
    ...queries,
    listPlaylists: (query: PlaylistAllQuery) =>
      playlistLists.get(`${query.home}|${query.order}`, () => queries.listPlaylists(query)),
    getPlaylist: (playlistId: string) =>
      playlistDetails.get(playlistId, () => queries.getPlaylist(playlistId)),
    getSongInPlaylist: (youtubeId: string, playlistId: string) =>
      songsInPlaylists.get(`${youtubeId}|${playlistId}`, () =>
        queries.getSongInPlaylist(youtubeId, playlistId),
      ),
    search: (query: SongSearchQuery) =>
      searches.get(
        JSON.stringify([query.s.trim().toLowerCase(), query.orderBy, query.orderDir, query.type]),
        () => queries.search(query),
      ),

    /** Drops cached reads when another catalogue was imported since the last call. */
    async refresh(): Promise<void> {
      const [state] = await rows<{ version: number }>(
        db,
        sql`SELECT version::int AS version FROM catalogue_state`,
      );
      const version = state?.version ?? 0;
      if (knownVersion !== null && version !== knownVersion) {
        for (const cache of [playlistLists, playlistDetails, songsInPlaylists, searches])
          cache.clear();
      }
      knownVersion = version;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
