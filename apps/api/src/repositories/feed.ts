import type { FeedItem } from '@fansite/contract';
import { desc, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { feedItems } from '../db/schema.ts';

export interface FeedItemRecord extends FeedItem {
  id: number;
}

/** The news feed of the /latest page, newest first. */
export function createFeedRepository(db: AppDb) {
  return {
    async items(): Promise<FeedItemRecord[]> {
      return db
        .select({
          id: feedItems.id,
          image: feedItems.image,
          title: feedItems.title,
          content: feedItems.content,
          url: feedItems.url,
        })
        .from(feedItems)
        .orderBy(desc(feedItems.publishedAt), desc(feedItems.id));
    },

    async add(item: FeedItem): Promise<number> {
      const [row] = await db.insert(feedItems).values(item).returning({ id: feedItems.id });
      return row!.id;
    },

    /** Whether an item with this id existed. */
    async update(id: number, item: FeedItem): Promise<boolean> {
      const updated = await db
        .update(feedItems)
        .set(item)
        .where(eq(feedItems.id, id))
        .returning({ id: feedItems.id });
      return updated.length > 0;
    },

    /** Whether an item with this id existed. */
    async remove(id: number): Promise<boolean> {
      const removed = await db
        .delete(feedItems)
        .where(eq(feedItems.id, id))
        .returning({ id: feedItems.id });
      return removed.length > 0;
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
