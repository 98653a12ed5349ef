import { z } from 'zod';

/** Every response is wrapped in this envelope; `code` equals the HTTP status. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export type Envelope<T> = { code: number; message: string; data: T };

/** Codes the server uses, as docs/calls.md lists them. */
export const ResponseCode = {
  ok: 200,
  siteNotActivated: 201,
  badInput: 400,
  unauthorized: 401,
  notSubscriber: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  tooManyRequests: 429,
  serverError: 500,
} as const;

export const youtubeIdSchema = z
  .string({ error: 'a YouTube video id is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id');

export const playlistIdSchema = z
  .string({ error: 'a playlist id is required' })
  .trim()
  .min(1, 'a playlist id is required')
  .max(64, 'a playlist id has at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'a playlist id has only lower-case letters, digits and hyphens');

/** The special playlist id that plays through a signed-in user's favourites. */
export const FAVORITE_PLAYLIST_ID = 'favorite';

export const orderDirSchema = z.enum(['ASC', 'DESC'], { error: 'must be ASC or DESC' });

/** An identity token as the web apps send it (query or form field; the header is preferred). */
export const authTokenSchema = z.string().min(1).max(4096);

export const httpUrlSchema = z
  .string()
  .trim()
  .max(500, 'a link has at most 500 characters')
  .url('must be a valid link (https://...)')
  .refine((value) => /^https?:\/\//i.test(value), 'must be a valid link (https://...)');

export const emailSchema = z
  .string({ error: 'an email address is required' })
  .trim()
  .min(1, 'an email address is required')
  .max(254, 'an email address has at most 254 characters')
  .email('must be a valid email address');

/** Dates travel as ISO 8601 strings. */
export const isoDateSchema = z.string();
