import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { feedItems, members, subscriberSites, testimonials } from '../db/schema.ts';
import type { DemoNetwork } from './demo.ts';

/** No member, testimonial, news item or subscriber site yet: a fresh database. */
export async function isNetworkEmpty(database: Database): Promise<boolean> {
  const result = (await database.db.execute(
    sql`SELECT NOT EXISTS (SELECT 1 FROM members)
        AND NOT EXISTS (SELECT 1 FROM testimonials)
        AND NOT EXISTS (SELECT 1 FROM feed_items)
        AND NOT EXISTS (SELECT 1 FROM subscriber_sites) AS empty`,
  )) as unknown as { rows: { empty: boolean }[] };
  return result.rows[0]?.empty ?? true;
}

/**
 * Loads the demo network in one transaction. Members join a minute apart and news is published an
 * hour apart, so that both keep the demo's order.
 */
export async function importDemoNetwork(database: Database, network: DemoNetwork): Promise<void> {
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  await database.db.transaction(async (tx) => {
    await tx.insert(members).values(
      network.members.map((member, index) => ({
        channelId: member.channel_id,
        channelName: member.channel_name,
        channelPic: member.channel_pic,
        subscribers: member.subscribers,
        views: member.views,
        joinedAt: new Date(start + index * 60_000).toISOString(),
      })),
    );
    await tx.insert(testimonials).values(
      network.testimonials.map((testimonial) => ({
        channelId: testimonial.channel_id,
        channelName: testimonial.channel_name,
        channelPic: testimonial.channel_pic,
        subTag: testimonial.sub_tag,
        testimonial: testimonial.testimonial,
      })),
    );
    await tx.insert(feedItems).values(
      network.feed.map((item, index) => ({
        ...item,
        publishedAt: new Date(start + index * 3_600_000).toISOString(),
      })),
    );
    await tx.insert(subscriberSites).values(network.supporterSites);
  });
}
