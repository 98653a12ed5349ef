import type { Member, MemberStats, Testimonial } from '@fansite/contract';
import { asc, count, eq, sum } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { members, testimonials } from '../db/schema.ts';

const memberColumns = {
  channel_id: members.channelId,
  channel_name: members.channelName,
  channel_pic: members.channelPic,
};

export interface MemberRecord extends Member {
  subscribers: number;
  views: number;
}

export interface TestimonialRecord extends Testimonial {
  id: number;
}

/** The creator network: its members (with their counts) and their testimonials. */
export function createNetworkRepository(db: AppDb) {
  return {
    /** Members in the order they joined; `limit` caps the list. */
    async members(limit?: number): Promise<Member[]> {
      const query = db
        .select(memberColumns)
        .from(members)
        .orderBy(asc(members.joinedAt), asc(members.channelId));
      return limit === undefined ? query : query.limit(limit);
    },

    /** Live totals over the member table: no counter to keep in step. */
    async stats(): Promise<MemberStats> {
      const [row] = await db
        .select({ members: count(), subs: sum(members.subscribers), views: sum(members.views) })
        .from(members);
      // sum() over bigint comes back as a numeric string, or null on an empty table.
      return {
        members: row?.members ?? 0,
        subs: Number(row?.subs ?? 0),
        views: Number(row?.views ?? 0),
      };
    },

    async testimonials(): Promise<TestimonialRecord[]> {
      return db
        .select({
          id: testimonials.id,
          channel_id: testimonials.channelId,
          channel_name: testimonials.channelName,
          channel_pic: testimonials.channelPic,
          sub_tag: testimonials.subTag,
          testimonial: testimonials.testimonial,
        })
        .from(testimonials)
        .orderBy(asc(testimonials.id));
    },

    /** False when a member with this channel id already exists. */
    async addMember(member: MemberRecord): Promise<boolean> {
      const added = await db
        .insert(members)
        .values(memberValues(member))
        .onConflictDoNothing()
        .returning({ channelId: members.channelId });
      return added.length > 0;
    },

    /** Whether a member with this channel id existed. */
    async updateMember(member: MemberRecord): Promise<boolean> {
      const updated = await db
        .update(members)
        .set(memberValues(member))
        .where(eq(members.channelId, member.channel_id))
        .returning({ channelId: members.channelId });
      return updated.length > 0;
    },

    /** Whether a member with this channel id existed. */
    async removeMember(channelId: string): Promise<boolean> {
      const removed = await db
        .delete(members)
        .where(eq(members.channelId, channelId))
        .returning({ channelId: members.channelId });
      return removed.length > 0;
    },

    async addTestimonial(testimonial: Testimonial): Promise<number> {
      const [row] = await db
        .insert(testimonials)
        .values(testimonialValues(testimonial))
        .returning({ id: testimonials.id });
      return row!.id;
    },

    /** Whether a testimonial with this id existed. */
    async updateTestimonial(id: number, testimonial: Testimonial): Promise<boolean> {
      const updated = await db
        .update(testimonials)
        .set(testimonialValues(testimonial))
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      return updated.length > 0;
    },

    /** Whether a testimonial with this id existed. */
    async removeTestimonial(id: number): Promise<boolean> {
      const removed = await db
        .delete(testimonials)
        .where(eq(testimonials.id, id))
        .returning({ id: testimonials.id });
      return removed.length > 0;
    },
  };
}

function memberValues(member: MemberRecord) {
  return {
    channelId: member.channel_id,
    channelName: member.channel_name,
    channelPic: member.channel_pic,
    subscribers: member.subscribers,
    views: member.views,
  };
}

function testimonialValues(testimonial: Testimonial) {
  return {
    channelId: testimonial.channel_id,
    channelName: testimonial.channel_name,
    channelPic: testimonial.channel_pic,
    subTag: testimonial.sub_tag,
    testimonial: testimonial.testimonial,
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
