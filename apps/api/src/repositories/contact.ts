import type { BrandId } from '@fansite/brand-config';
import type { ContactRequest } from '@fansite/contract';
import type { AppDb } from '../db/client.ts';
import { contactRequests } from '../db/schema.ts';
import { reportedVideoOf } from './inbox.ts';

export function createContactRepository(db: AppDb) {
  return {
    /** Keeps what a visitor sent from the brand's site, for the team's inbox. */
    async save(brand: BrandId, request: ContactRequest): Promise<void> {
      await db.insert(contactRequests).values(
        request.topic === 'song-report'
          ? {
              brand,
              topic: request.topic,
              message: request.message,
              youtubeId: reportedVideoOf(request.message),
            }
          : request.topic === 'artwork'
            ? { brand, topic: request.topic, email: request.email, message: request.message }
            : {
                brand,
                topic: request.topic,
                email: request.email,
                discord: request.discord,
                youtubeUrl: request.youtube_url,
                message: request.message ?? null,
                remember: request.remember === undefined ? null : request.remember === 'Yes',
              },
      );
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
