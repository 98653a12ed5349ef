import { staffSubscriberSchema, type FeedItem, type Testimonial } from '@fansite/contract';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../db/client.ts';
import { members, subscriberSites } from '../db/schema.ts';
import { recordChange, type StaffActor } from './audit-log.ts';
import { createFeedRepository } from './feed.ts';
import { createNetworkRepository, type MemberRecord } from './network.ts';

/** A member's row as the staff page edits it: the channel and its figures. */
const memberColumns = {
  channel_id: members.channelId,
  channel_name: members.channelName,
  channel_pic: members.channelPic,
  subscribers: members.subscribers,
  views: members.views,
} satisfies Record<keyof MemberRecord, unknown>;

/** A change asked of a record that is not there. */
export class StaffRecordNotFound extends Error {
  constructor(what: string) {
    super(`There is no ${what}; it may have been deleted meanwhile.`);
    this.name = 'StaffRecordNotFound';
  }
}

/**
 * The team's changes to the news feed, the creator network and subscribers' sites: each one
 * transaction with its audit log entry. The feed and the network repositories do the work, on the
 * transaction.
 */
export function createStaffNetworkRepository(db: AppDb) {
  const change = <T>(_actor: StaffActor, work: (tx: AppDb) => Promise<T>) =>
    db.transaction(async (tx) => work(tx));

  async function member(tx: AppDb, channelId: string): Promise<MemberRecord | null> {
    const [row] = await tx
      .select(memberColumns)
      .from(members)
      .where(eq(members.channelId, channelId));
    return row ?? null;
  }

  return {
    feed: () => createFeedRepository(db).items(),

    /** Creates an item (no id) or replaces one. */
    saveFeedItem: (actor: StaffActor, id: number | undefined, item: FeedItem) =>
      change(actor, async (tx) => {
        const feed = createFeedRepository(tx);
        const before = id === undefined ? null : (await feed.items()).find((row) => row.id === id);
        if (id !== undefined && !before) throw new StaffRecordNotFound('news item with this id');
        const savedId = id ?? (await feed.add(item));
        if (id !== undefined) await feed.update(id, item);
        const after = { id: savedId, ...item };
        await recordChange(tx, actor, {
          action: id === undefined ? 'feed.create' : 'feed.update',
          subject: `#${savedId}`,
          before,
          after,
        });
        return after;
      }),

    deleteFeedItem: (actor: StaffActor, id: number) =>
      change(actor, async (tx) => {
        const feed = createFeedRepository(tx);
        const before = (await feed.items()).find((row) => row.id === id);
        if (!before || !(await feed.remove(id))) {
          throw new StaffRecordNotFound('news item with this id');
        }
        await recordChange(tx, actor, { action: 'feed.delete', subject: `#${id}`, before });
      }),

    /** Members with their counts (which the network page's stats add up), and testimonials. */
    async network() {
      return {
        members: await db
          .select(memberColumns)
          .from(members)
          .orderBy(members.joinedAt, members.channelId),
        testimonials: await createNetworkRepository(db).testimonials(),
      };
    },

    /** Adds a member, or updates the one with this channel id. */
    saveMember: (actor: StaffActor, record: MemberRecord) =>
      change(actor, async (tx) => {
        const network = createNetworkRepository(tx);
        const before = await member(tx, record.channel_id);
        if (before) await network.updateMember(record);
        else await network.addMember(record);
        const after = (await member(tx, record.channel_id))!;
        await recordChange(tx, actor, {
          action: before ? 'member.update' : 'member.create',
          subject: record.channel_id,
          before,
          after,
        });
        return after;
      }),

    deleteMember: (actor: StaffActor, channelId: string) =>
      change(actor, async (tx) => {
        const before = await member(tx, channelId);
        if (!before || !(await createNetworkRepository(tx).removeMember(channelId))) {
          throw new StaffRecordNotFound('member with this channel id');
        }
        await recordChange(tx, actor, { action: 'member.delete', subject: channelId, before });
      }),

    saveTestimonial: (actor: StaffActor, id: number | undefined, testimonial: Testimonial) =>
      change(actor, async (tx) => {
        const network = createNetworkRepository(tx);
        const before =
          id === undefined ? null : (await network.testimonials()).find((row) => row.id === id);
        if (id !== undefined && !before) throw new StaffRecordNotFound('testimonial with this id');
        const savedId = id ?? (await network.addTestimonial(testimonial));
        if (id !== undefined) await network.updateTestimonial(id, testimonial);
        const after = { id: savedId, ...testimonial };
        await recordChange(tx, actor, {
          action: id === undefined ? 'testimonial.create' : 'testimonial.update',
          subject: `#${savedId}`,
          before,
          after,
        });
        return after;
      }),

    deleteTestimonial: (actor: StaffActor, id: number) =>
      change(actor, async (tx) => {
        const network = createNetworkRepository(tx);
        const before = (await network.testimonials()).find((row) => row.id === id);
        if (!before || !(await network.removeTestimonial(id))) {
          throw new StaffRecordNotFound('testimonial with this id');
        }
        await recordChange(tx, actor, { action: 'testimonial.delete', subject: `#${id}`, before });
      }),

    /** Every subscriber grant, with the person's account and site if they have them. */
    async subscribers() {
      return queryRows(
        db,
        sql`SELECT g.email, g.source,
                   to_char(g.granted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS since,
                   u.uid IS NOT NULL AS has_account,
                   site.domain_name, coalesce(site.enabled = 'yes', false) AS site_enabled
            FROM subscriber_grants g
            LEFT JOIN LATERAL (SELECT uid FROM users WHERE lower(users.email) = g.email LIMIT 1) u
              ON true
            LEFT JOIN subscriber_sites site ON site.owner_uid = u.uid
            ORDER BY g.granted_at DESC, g.email`,
        staffSubscriberSchema,
      );
    },

    /** Takes a subscriber's site off the air: its sub-domain then answers as an unknown one. */
    disableSite: (actor: StaffActor, domainName: string) =>
      change(actor, async (tx) => {
        const [row] = await tx
          .select({ enabled: subscriberSites.enabled })
          .from(subscriberSites)
          .where(eq(subscriberSites.domainName, domainName))
          .for('update');
        if (!row) throw new StaffRecordNotFound(`site named "${domainName}"`);
        await tx.execute(
          sql`UPDATE subscriber_sites SET enabled = 'no' WHERE domain_name = ${domainName}`,
        );
        await recordChange(tx, actor, {
          action: 'site.disable',
          subject: domainName,
          before: { enabled: row.enabled },
          after: { enabled: 'no' },
        });
      }),
  };
}

export type StaffNetworkRepository = ReturnType<typeof createStaffNetworkRepository>;
