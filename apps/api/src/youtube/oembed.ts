import { z } from 'zod';

export const DEFAULT_YOUTUBE_OEMBED_URL = 'https://www.youtube.com/oembed';

/** The fields of YouTube's oEmbed answer the team's song form fills in. */
const oembedAnswerSchema = z.object({
  title: z.string(),
  author_name: z.string(),
  thumbnail_url: z.string().optional(),
});

export interface VideoDetails {
  title: string;
  author_name: string;
  thumbnail_url: string | null;
}

/** Why YouTube could not tell a video's details, said so the team knows what to do. */
export class VideoLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoLookupError';
  }
}

/**
 * Reads a video's title, channel and thumbnail from YouTube's oEmbed endpoint (public, no key).
 * YouTube answers 404 for a video that does not exist and 401 for a private one or one whose owner
 * forbids embedding: neither can play on the site.
 */
export async function lookUpVideo(baseUrl: string, youtubeId: string): Promise<VideoDetails> {
  const url = new URL(baseUrl);
  url.searchParams.set('url', `https://www.youtube.com/watch?v=${youtubeId}`);
  url.searchParams.set('format', 'json');
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(8_000) });
  } catch {
    throw new VideoLookupError(
      'YouTube could not be reached to fill in the details; type the title and artist yourself.',
    );
  }
  if (response.status === 404 || response.status === 400) {
    throw new VideoLookupError('YouTube does not know this video: check the link.');
  }
  if (response.status === 401 || response.status === 403) {
    throw new VideoLookupError(
      'This video is private or cannot be embedded, so it would not play on the site.',
    );
  }
  const parsed = response.ok
    ? oembedAnswerSchema.safeParse(await response.json().catch(() => null))
    : null;
  if (!parsed?.success) {
    throw new VideoLookupError(
      "YouTube did not give this video's details; type the title and artist yourself.",
    );
  }
  return {
    title: parsed.data.title,
    author_name: parsed.data.author_name,
    thumbnail_url: parsed.data.thumbnail_url ?? null,
  };
}
