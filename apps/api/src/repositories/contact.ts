import type { ContactRequest } from '@fansite/contract';
import type { AppDb } from '../db/client.ts';
import { contactRequests } from '../db/schema.ts';

export function createContactRepository(db: AppDb) {
  return {
    async save(request: ContactRequest): Promise<void> {
      await db.insert(contactRequests).values(
        request.topic === 'song-report'
          ? { topic: request.topic, message: request.message }
          : request.topic === 'artwork'
            ? { topic: request.topic, email: request.email, message: request.message }
            : {
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
