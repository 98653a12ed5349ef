import { BRAND_IDS, type BrandId } from '@fansite/brand-config';
import {
  inboxItemSchema,
  STAFF_PAGE_SIZE,
  youtubeIdFromLink,
  type InboxItem,
  type InboxKind,
  type InboxState,
} from '@fansite/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { recordChange, type StaffActor } from './audit-log.ts';
import { enqueueMail } from './mail-outbox.ts';

/** An item as `itemColumns` reads it: the reported song's fields flat, as the join gives them. */
const inboxRow = inboxItemSchema.omit({ song: true }).extend({
  song_title: z.string().nullable(),
  song_author: z.string().nullable(),
  song_category_id: z.string().nullable(),
  song_category_name: z.string().nullable(),
});
type InboxRow = z.infer<typeof inboxRow>;

/** An item's columns, with the reported song as the catalogue has it now (if it still does). */
const itemColumns = sql`
  c.id::int AS id, c.topic AS kind, c.state, c.note, c.email, c.discord, c.youtube_url,
  c.message, c.remember,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
  to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
  c.youtube_id AS reported_video,
  s.title AS song_title, s.author_name AS song_author,
  s.category_id AS song_category_id, hp.name AS song_category_name`;

const itemSource = sql`
  contact_requests c
  LEFT JOIN songs s ON s.youtube_id = c.youtube_id AND s.brand = c.brand
  LEFT JOIN playlists hp ON hp.brand = s.brand AND hp.id = s.category_id`;

function toItem({
  song_title,
  song_author,
  song_category_id,
  song_category_name,
  ...item
}: InboxRow): InboxItem {
  return {
    ...item,
    song:
      song_title !== null && item.reported_video
        ? {
            youtube_url: item.reported_video,
            title: song_title,
            author_name: song_author ?? '',
            category_id: song_category_id ?? '',
            category_name: song_category_name ?? '',
          }
        : null,
  };
}

/** The video a song report names: its message starts with the video id. */
export function reportedVideoOf(message: string): string | null {
  return /^([A-Za-z0-9_-]{11}):/.exec(message)?.[1] ?? null;
}

export interface InboxFilter {
  kind?: InboxKind;
  state?: InboxState;
  page: number;
}

/** What the team reads and changes of the requests, reports and tickets visitors sent. */
export function createInboxRepository(db: AppDb) {
  async function item(tx: AppDb, brand: BrandId, id: number, lock = false) {
    const [row] = await queryRows(
      tx,
      sql`SELECT ${itemColumns} FROM ${itemSource}
          WHERE c.brand = ${brand} AND c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`,
      inboxRow,
    );
    return row ? toItem(row) : null;
  }

  return {
    /** One brand's items, newest first, filtered by kind and state, a page at a time. */
    async page(brand: BrandId, { kind, state, page }: InboxFilter) {
      const rows = await queryRows(
        db,
        sql`SELECT ${itemColumns}, count(*) OVER ()::int AS total FROM ${itemSource}
            WHERE c.brand = ${brand}
              ${kind ? sql`AND c.topic = ${kind}` : sql``}
              ${state ? sql`AND c.state = ${state}` : sql``}
            ORDER BY c.created_at DESC, c.id DESC
            LIMIT ${STAFF_PAGE_SIZE} OFFSET ${(page - 1) * STAFF_PAGE_SIZE}`,
        inboxRow.extend({ total: z.number() }),
      );
      return {
        items: rows.map(({ total: _total, ...row }) => toItem(row)),
        total: rows[0]?.total ?? 0,
      };
    },

    get: (brand: BrandId, id: number) => item(db, brand, id),

    /**
     * Changes an item's state and note. A song request with "remind me" that becomes done mails
     * its sender a link to the song, in the same transaction as the change (the mail is sent from
     * the outbox, so it is never lost and never sent for a change that did not happen).
     */
    async update(
      actor: StaffActor,
      id: number,
      change: { state: InboxState; note: string },
      songLink: (youtubeId: string | null) => Promise<string>,
    ): Promise<InboxItem | null> {
      return db.transaction(async (tx) => {
        const before = await item(tx, actor.brand, id, true);
        if (!before) return null;
        await tx.execute(
          sql`UPDATE contact_requests SET state = ${change.state}, note = ${change.note},
                updated_at = now()
              WHERE id = ${id}`,
        );
        const after = (await item(tx, actor.brand, id))!;
        await recordChange(tx, actor, {
          action: 'inbox.update',
          subject: `#${id}`,
          before: { state: before.state, note: before.note },
          after: { state: after.state, note: after.note },
        });
        if (
          before.state !== 'done' &&
          after.state === 'done' &&
          after.kind === 'request-song' &&
          after.remember &&
          after.email
        ) {
          const link = await songLink(
            after.youtube_url ? youtubeIdFromLink(after.youtube_url) : null,
          );
          await enqueueMail(tx, {
            to: after.email,
            subject: 'Your song request is on the site',
            text: `Your song request is on the site: ${link}\n`,
          });
        }
        return after;
      });
    },

    /**
     * Takes the first items nobody has announced yet, each claimed by one process only: the
     * claim is a conditional update, so of two processes one gets each item.
     */
    async claimUnannounced(limit: number): Promise<(InboxItem & { brand: BrandId })[]> {
      const rows = await queryRows(
        db,
        sql`WITH claimed AS (
              UPDATE contact_requests SET notified_at = now()
              WHERE id IN (SELECT id FROM contact_requests WHERE notified_at IS NULL
                           ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
                AND notified_at IS NULL
              RETURNING id)
            SELECT ${itemColumns}, c.brand FROM ${itemSource} JOIN claimed ON claimed.id = c.id
            ORDER BY c.id`,
        inboxRow.extend({ brand: z.enum(BRAND_IDS) }),
      );
      return rows.map(({ brand, ...row }) => ({ ...toItem(row), brand }));
    },

    /** Gives a claim back after a failed post, so a later tick tries again. */
    async releaseClaim(id: number): Promise<void> {
      await db.execute(sql`UPDATE contact_requests SET notified_at = NULL WHERE id = ${id}`);
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
