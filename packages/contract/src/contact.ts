import { z } from 'zod';
import {
  ARTWORK_TOPIC,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TOPICS,
  REPORT_REASON_MIN_LENGTH,
  SONG_REPORT_TOPIC,
  topicNeedsMessage,
} from './constants.ts';
import { emailSchema, httpUrlSchema, textBlock, textLine } from './primitives.ts';

const messageSchema = textBlock()
  .trim()
  .max(
    CONTACT_MESSAGE_MAX_LENGTH,
    `A message has at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
  );

/** The remind-me checkbox travels as Yes or No. */
export const rememberSchema = z.enum(['Yes', 'No'], { error: 'Remember must be Yes or No.' });

export const songReportSchema = z.object({
  topic: z.literal(SONG_REPORT_TOPIC),
  message: messageSchema.min(
    REPORT_REASON_MIN_LENGTH,
    `Please enter a reason of at least ${REPORT_REASON_MIN_LENGTH} characters.`,
  ),
});
export type SongReport = z.infer<typeof songReportSchema>;

export const artworkRequestSchema = z.object({
  topic: z.literal(ARTWORK_TOPIC),
  email: emailSchema,
  message: messageSchema.min(1, 'Please enter a message.'),
});
export type ArtworkRequest = z.infer<typeof artworkRequestSchema>;

export const contactFormSchema = z
  .object({
    topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic.' }),
    email: emailSchema,
    discord: textLine('Please enter your Discord name.')
      .trim()
      .min(1, 'Please enter your Discord name.')
      .max(64, 'A Discord name has at most 64 characters.'),
    youtube_url: httpUrlSchema,
    message: messageSchema.optional(),
    remember: rememberSchema.optional(),
  })
  .superRefine((form, ctx) => {
    if (topicNeedsMessage(form.topic) && !form.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Please enter a message.' });
    }
    if (form.topic === 'request-song' && form.remember !== 'Yes') {
      ctx.addIssue({
        code: 'custom',
        path: ['remember'],
        message: 'Please tick the remind-me box to request a song.',
      });
    }
  });
export type ContactForm = z.infer<typeof contactFormSchema>;

/** POST /contact/request takes either a song report or a contact form. */
export const contactRequestSchema = z.discriminatedUnion(
  'topic',
  [songReportSchema, artworkRequestSchema, contactFormSchema],
  {
    error: 'Please choose a topic.',
  },
);
export type ContactRequest = z.infer<typeof contactRequestSchema>;
