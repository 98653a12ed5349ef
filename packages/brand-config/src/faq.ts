import type { BrandFaq, BrandId, FaqEntry } from './schema.ts';

/** Questions whose answers are the same on both brands. */
const sharedGeneralFaq: FaqEntry[] = [
  {
    question: 'Is the music free to listen to?',
    answer:
      'Yes. Every song plays from YouTube, free, with no account needed. An account only adds favourites.',
  },
  {
    question: 'How can I request a song?',
    answer:
      'Send a request through the get-in-touch form with the topic "request-song", or ask in our community chat.',
  },
  {
    question: 'What do subscribers get?',
    answer:
      'Subscribers get their own website on a sub-domain, promotion of their channel on the site and in the community chat, the song maker (beta) and custom channel artwork.',
  },
];

const joinNetworkFaq: FaqEntry = {
  question: 'Who can join the network?',
  answer:
    'Channels with at least 100 subscribers whose uploads meet our quality standards. Apply with the topic "apply-member".',
};

/**
 * Each brand's FAQ page, apart from the rest of its configuration: only that page reads it, so
 * the other pages' scripts do not carry it. Answers are plain text (they also feed the FAQPage
 * structured data).
 */
export const brandFaqs: Record<BrandId, BrandFaq> = {
  nightcore: {
    general: [
      {
        question: 'What is nightcore?',
        answer:
          'Nightcore is a remix style that speeds a song up by 20-35%. The pitch rises with the speed, and the tempo lands at 140-160 bpm, which gives nightcore its bright, energetic sound.',
      },
      ...sharedGeneralFaq,
    ],
    network: [
      {
        question: 'What is the creator network?',
        answer:
          'A group of YouTube channels that make nightcore. Members promote each other, share feedback and grow together.',
      },
      joinNetworkFaq,
      {
        question: 'What is the Academy?',
        answer:
          'The Academy is for channels with fewer than 100 subscribers: it teaches how to make better nightcore until the channel can join the network. Apply with the topic "apply-academy".',
      },
    ],
  },
  'slowed-reverb': {
    general: [
      {
        question: 'What is slowed and reverb?',
        answer:
          'Slowed and reverb is a remix style that slows a song down and adds reverb. The lower pitch and the echo make it sound deeper, calmer and more spacious.',
      },
      ...sharedGeneralFaq,
    ],
    network: [
      {
        question: 'What is the creator network?',
        answer:
          'A group of YouTube channels that make slowed and reverb remixes. Members promote each other, share feedback and grow together.',
      },
      joinNetworkFaq,
      {
        question: 'What is the Academy?',
        answer:
          'The Academy is for channels with fewer than 100 subscribers: it teaches how to make better slowed and reverb remixes until the channel can join the network. Apply with the topic "apply-academy".',
      },
    ],
  },
};
