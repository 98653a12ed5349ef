import { youtubeChannelLinkProblem } from '@fansite/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { promotionAnnouncements, promotionCalendar, promotions } from '../db/schema.ts';
import { currentSubscriberUids } from './subscriber-status.ts';

export interface Promotion {
  youtube_channel: string;
  youtube_share: string;
  promotion_calendar: { date: string }[];
}

export interface ChannelOfTheDay {
  youtube_channel: string;
  date: string;
}

/** A UTC calendar day as PostgreSQL's `date` prints it: YYYY-MM-DD. */
type Day = string;

/** Someone who saved a promotion and is still a subscriber, and their last day up to today. */
const candidateRow = z.object({
  uid: z.string(),
  joined: z.string(),
  lastDay: z.string().nullable(),
});

/** A day of the calendar and whose it is. */
const calendarRow = z.object({ day: z.string(), uid: z.string() });

/** What the calendar's planner goes by (promotion/plan.ts). */
export interface CalendarToPlan {
  candidates: z.infer<typeof candidateRow>[];
  /** Today has its channel already: only the days after it are planned. */
  todayTaken: boolean;
}

/** Days travel as ISO timestamps (midnight UTC); the account page shows their first 10 characters. */
const isoOf = (day: Day) => `${day}T00:00:00.000Z`;

/** Subscribers' channel promotions and the calendar that gives each of them fair days. */
export function createPromotionsRepository(db: AppDb) {
  /**
   * Plans the days after `today` again with `planFuture`, over everyone who saved a promotion and
   * is still a subscriber. Days up to today are fixed: today's channel may already be on the site
   * or announced. In one transaction under an advisory lock, so two processes planning at once
   * wait for each other; as the plan is a function of the past, the second finds nothing to change.
   */
  async function replanFuture(
    today: Day,
    planFuture: (calendar: CalendarToPlan) => { day: Day; uid: string }[],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(72110001)`);
      const candidates = await queryRows(
        tx as unknown as AppDb,
        sql`SELECT p.user_uid AS uid, p.created_at::text AS joined,
                   (SELECT max(c.day)::text FROM promotion_calendar c
                    WHERE c.user_uid = p.user_uid AND c.day <= ${today}::date) AS "lastDay"
            FROM promotions p
            WHERE p.user_uid IN (${currentSubscriberUids})`,
        candidateRow,
      );
      const [todayRow] = await tx
        .select({ uid: promotionCalendar.userUid })
        .from(promotionCalendar)
        .where(eq(promotionCalendar.day, today));
      const wanted = planFuture({ candidates, todayTaken: todayRow !== undefined });
      const existing = await queryRows(
        tx as unknown as AppDb,
        sql`SELECT day::text AS day, user_uid AS uid FROM promotion_calendar
            WHERE day > ${today}::date ORDER BY day`,
        calendarRow,
      );
      const sameFuture =
        existing.length === wanted.filter((entry) => entry.day > today).length &&
        existing.every((row) =>
          wanted.some((entry) => entry.day === row.day && entry.uid === row.uid),
        );
      const todayToFill = !todayRow && wanted.length > 0;
      if (sameFuture && !todayToFill) return;
      await tx.execute(sql`DELETE FROM promotion_calendar WHERE day > ${today}::date`);
      if (wanted.length === 0) return;
      await tx
        .insert(promotionCalendar)
        .values(wanted.map((entry) => ({ day: entry.day, userUid: entry.uid })))
        .onConflictDoNothing();
    });
  }

  return {
    replanFuture,

    async ofUser(uid: string, today: Day): Promise<Promotion> {
      const [saved] = await db
        .select({
          youtube_channel: promotions.youtubeChannel,
          youtube_share: promotions.youtubeShare,
        })
        .from(promotions)
        .where(eq(promotions.userUid, uid));
      const days = await queryRows(
        db,
        sql`SELECT day::text AS day FROM promotion_calendar
            WHERE user_uid = ${uid} AND day >= ${today}::date ORDER BY day`,
        z.object({ day: z.string() }),
      );
      return {
        youtube_channel: saved?.youtube_channel ?? '',
        youtube_share: saved?.youtube_share ?? '',
        promotion_calendar: days.map((row) => ({ date: isoOf(row.day) })),
      };
    },

    async save(uid: string, youtubeChannel: string, youtubeShare: string): Promise<void> {
      await db.execute(sql`
        INSERT INTO promotions (user_uid, youtube_channel, youtube_share)
        VALUES (${uid}, ${youtubeChannel}, ${youtubeShare})
        ON CONFLICT (user_uid) DO UPDATE
        SET youtube_channel = EXCLUDED.youtube_channel, youtube_share = EXCLUDED.youtube_share`);
    },

    async channelOfTheDay(today: Day): Promise<ChannelOfTheDay | null> {
      const [row] = await db
        .select({ youtube_channel: promotions.youtubeChannel })
        .from(promotionCalendar)
        .innerJoin(promotions, eq(promotions.userUid, promotionCalendar.userUid))
        .where(eq(promotionCalendar.day, today));
      // A link saved before links were checked may lead anywhere: it is neither shown on the
      // site nor announced in the community chat.
      if (!row || youtubeChannelLinkProblem(row.youtube_channel)) return null;
      return { youtube_channel: row.youtube_channel, date: isoOf(today) };
    },

    /**
     * Claims the announcement of `day`: one conditional insert, so of any number of processes
     * exactly one gets true, and a restart finds the day already claimed.
     */
    async claimAnnouncement(day: Day): Promise<boolean> {
      const rows = await db
        .insert(promotionAnnouncements)
        .values({ day })
        .onConflictDoNothing()
        .returning({ day: promotionAnnouncements.day });
      return rows.length > 0;
    },

    /** Gives a claim back after the post failed, so a later attempt announces the day. */
    async releaseAnnouncement(day: Day): Promise<void> {
      await db.execute(sql`DELETE FROM promotion_announcements WHERE day = ${day}::date`);
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
