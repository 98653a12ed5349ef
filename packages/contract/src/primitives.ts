import { z } from 'zod';
import { PLAYLIST_ID_MAX_LENGTH, PLAYLIST_ID_PATTERN, YOUTUBE_ID_PATTERN } from './constants.ts';
import { youtubeChannelLinkProblem, youtubeShareLinkProblem } from './youtube-links.ts';

/** Every response is wrapped in this envelope; `code` equals the HTTP status. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

/**
 * Control characters no text field needs: C0 controls but tab and line breaks, DEL, and C1
 * controls. NUL is one (PostgreSQL cannot store it); the others hide text or forge line breaks in
 * what an operator reads.
 */
// Matching control characters is the point of these two expressions.
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** One-line values (names, links, ids, searches) take no tab or line break either. */
// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters from this text.';
export const ONE_LINE_MESSAGE = 'Write this on one line, without control characters.';

/**
 * A one-line text field. Control characters and line breaks are refused before anything else, so
 * a value is never silently changed into another (a link ending in CR/LF is refused, not
 * trimmed). Every string a call takes starts from this or from `textBlock`.
 */
export const textLine = (requiredMessage?: string) =>
  z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .refine((value) => !CONTROL_IN_LINE.test(value), { message: ONE_LINE_MESSAGE, abort: true });

/** A text that may span lines (a message, an about-me): line breaks and tabs are kept. */
export const textBlock = (requiredMessage?: string) =>
  z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .refine((value) => !CONTROL_IN_TEXT.test(value), {
      message: CONTROL_CHARACTER_MESSAGE,
      abort: true,
    });

export const youtubeIdSchema = textLine('A YouTube video id is required.')
  .trim()
  .regex(YOUTUBE_ID_PATTERN, 'A YouTube video id has 11 letters, digits, hyphens or underscores.');

export const playlistIdSchema = textLine('A playlist id is required.')
  .trim()
  .min(1, 'A playlist id is required.')
  .max(PLAYLIST_ID_MAX_LENGTH, `A playlist id has at most ${PLAYLIST_ID_MAX_LENGTH} characters.`)
  .regex(PLAYLIST_ID_PATTERN, 'A playlist id has only lower-case letters, digits and hyphens.');

export const orderDirSchema = z.enum(['ASC', 'DESC'], { error: 'The order is ASC or DESC.' });

/** An identity token as the web apps send it (query or form field; the header is preferred). */
export const authTokenSchema = textLine().min(1).max(4096);

export const httpUrlSchema = textLine('A link is required.')
  .trim()
  .max(500, 'A link has at most 500 characters.')
  .url('Enter a full link, starting with https://.')
  .refine((value) => /^https?:\/\//i.test(value), 'Enter a full link, starting with https://.');

/** A link to a YouTube channel (`youtube-links.ts`), refused with a sentence saying what to paste. */
export const youtubeChannelLinkSchema = httpUrlSchema.superRefine((link, context) => {
  const problem = youtubeChannelLinkProblem(link);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** A link to a YouTube video, short, playlist or channel. */
export const youtubeShareLinkSchema = httpUrlSchema.superRefine((link, context) => {
  const problem = youtubeShareLinkProblem(link);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

export const emailSchema = textLine('An email address is required.')
  .trim()
  .min(1, 'An email address is required.')
  .max(254, 'An email address has at most 254 characters.')
  .email('Enter a valid email address, like name@example.com.');

/** Dates travel as ISO 8601 strings. */
export const isoDateSchema = z.string();
