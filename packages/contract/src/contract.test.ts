import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contactFormSchema, contactRequestSchema } from './contact.ts';
import { topicNeedsMessage } from './constants.ts';
import { domainNameSchema, makerSpeedSchema, websiteSaveBodySchema } from './community.ts';
import { songSearchQuerySchema } from './catalog.ts';
import { youtubeIdSchema } from './primitives.ts';
import {
  staffFeedBodySchema,
  staffMemberBodySchema,
  staffSongAddBodySchema,
  staffTestimonialBodySchema,
  youtubeIdFromLink,
} from './staff.ts';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('contact requests', () => {
  const form = {
    topic: 'other',
    email: 'fan@example.com',
    discord: 'fan',
    youtube_url: 'https://youtube.com/@fan',
    message: 'Hello',
  };

  it('accept a song report with a reason of 3 characters or more', () => {
    expect(contactRequestSchema.safeParse({ topic: 'song-report', message: 'abc' }).success).toBe(
      true,
    );
    expect(
      problems(contactRequestSchema.safeParse({ topic: 'song-report', message: ' ab ' })),
    ).toEqual(['message']);
  });

  it('ask for a message on every topic but request-song', () => {
    expect(topicNeedsMessage('request-song')).toBe(false);
    expect(problems(contactRequestSchema.safeParse({ ...form, message: undefined }))).toEqual([
      'message',
    ]);
    expect(
      contactRequestSchema.safeParse({
        ...form,
        topic: 'request-song',
        message: undefined,
        remember: 'Yes',
      }).success,
    ).toBe(true);
  });

  it('require the remind-me box for a song request', () => {
    expect(problems(contactRequestSchema.safeParse({ ...form, topic: 'request-song' }))).toEqual([
      'remember',
    ]);
  });

  it('accept only http and https links for the channel', () => {
    expect(
      problems(contactRequestSchema.safeParse({ ...form, youtube_url: 'ftp://x.example' })),
    ).toEqual(['youtube_url']);
  });
});

describe('identifiers', () => {
  it.each(['dQw4w9WgXcQ', 'a-b_c123456'])('%s is a video id', (id) => {
    expect(youtubeIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(['short', 'dQw4w9WgXcQ1', 'dQw4w9WgX<Q'])('%s is not a video id', (id) => {
    expect(youtubeIdSchema.safeParse(id).success).toBe(false);
  });

  it.each(['alice', 'my-site-2', 'ABC'])('%s can be a subscriber domain', (name) => {
    expect(domainNameSchema.safeParse(name).success).toBe(true);
  });

  it.each(['ab', 'www', 'fm', 'admin', '-alice', 'al.ice', 'a'.repeat(31)])(
    '%s cannot be a subscriber domain',
    (name) => {
      expect(domainNameSchema.safeParse(name).success).toBe(false);
    },
  );
});

describe('query defaults and limits', () => {
  it('sorts search results A-Z by default', () => {
    expect(songSearchQuerySchema.parse({ s: ' sky ' })).toEqual({
      s: 'sky',
      orderBy: 'title',
      orderDir: 'ASC',
    });
  });

  it('keeps the song maker speed within -100 to 100', () => {
    expect(makerSpeedSchema.parse('25')).toBe(25);
    expect(makerSpeedSchema.safeParse('101').success).toBe(false);
    expect(makerSpeedSchema.safeParse('1e2x').success).toBe(false);
  });
});

describe('artwork tickets', () => {
  it('need an email and a message, and no Discord name', () => {
    expect(
      contactRequestSchema.safeParse({
        topic: 'artwork',
        email: 'sub@example.com',
        message: 'A banner in purple',
      }).success,
    ).toBe(true);
    expect(
      problems(contactRequestSchema.safeParse({ topic: 'artwork', email: 'nope', message: '' })),
    ).toEqual(['email', 'message']);
  });
});

describe("the team's song form", () => {
  it('reads the video id from every kind of YouTube link, and nothing else', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'dQw4w9WgXcQ',
    ]) {
      expect(youtubeIdFromLink(link)).toBe('dQw4w9WgXcQ');
    }
    for (const link of [
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/@channel',
      'https://www.youtube.com/watch?v=short',
      'javascript:alert(1)',
    ]) {
      expect(youtubeIdFromLink(link)).toBeNull();
    }
  });

  it('takes a length as m:ss or seconds', () => {
    const song = {
      url: 'dQw4w9WgXcQ',
      p: 'new',
      title: 'Song',
      author_name: 'Artist',
    };
    expect(staffSongAddBodySchema.parse({ ...song, duration: '3:25' }).duration).toBe(205);
    expect(staffSongAddBodySchema.parse({ ...song, duration: '95' }).duration).toBe(95);
    expect(staffSongAddBodySchema.safeParse({ ...song, duration: '3:75' }).success).toBe(false);
    expect(staffSongAddBodySchema.safeParse({ ...song, duration: '0' }).success).toBe(false);
  });
});

describe('validation messages', () => {
  /** Every message a refused value gets: the forms show these to people as they are. */
  const messages = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };
  const tooLong = 'x'.repeat(25_000);

  it.each([
    ['the contact form, empty', contactFormSchema, { topic: 'request-song' }],
    [
      'the contact form, too long',
      contactFormSchema,
      { topic: 'other', discord: tooLong, message: tooLong, youtube_url: 'no link' },
    ],
    ['an unknown topic', contactRequestSchema, { topic: 'free-money' }],
    ['a short report', contactRequestSchema, { topic: 'song-report', message: 'a' }],
    ['an empty website', websiteSaveBodySchema, { domain_name: '', name: '' }],
    [
      'a website with long texts',
      websiteSaveBodySchema,
      { domain_name: 'www', name: tooLong, subtitle: tooLong, about_me: tooLong },
    ],
    ['an empty search', songSearchQuerySchema, { s: ' ', orderBy: 'x', type: 'x' }],
    ['a song without details', staffSongAddBodySchema, { url: 'x', duration: 'x', title: '' }],
    ['a news item without content', staffFeedBodySchema, { content: '', title: tooLong }],
    ['a member with a bad count', staffMemberBodySchema, { channel_id: 'x', views: -1 }],
    ['a testimonial without text', staffTestimonialBodySchema, { testimonial: '' }],
    ['a conversion at a bad speed', makerSpeedSchema, 1.5],
  ])('are sentences: %s', (_case, schema, value) => {
    const found = messages(schema, value);
    expect(found.length).toBeGreaterThan(0);
    for (const message of found) expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('ask for what is missing, politely', () => {
    const form = {
      topic: 'other',
      email: 'fan@example.com',
      discord: 'fan',
      youtube_url: 'https://youtube.com/@fan',
    };
    expect(messages(contactFormSchema, { ...form, message: '' })).toEqual([
      'Please enter a message.',
    ]);
    expect(messages(contactFormSchema, { ...form, discord: '', message: 'Hello' })).toEqual([
      'Please enter your Discord name.',
    ]);
  });
});
