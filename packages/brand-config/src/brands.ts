import type { BrandConfig, FaqEntry } from './schema.ts';

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

const playlistsDescription =
  'Browse every playlist of the site. Popular playlists come first; sort them by name if you know what you are looking for.';

/** Brand data as plain objects; `loadBrand` validates them before anything uses them. */
export const nightcore: BrandConfig = {
  id: 'nightcore',
  siteName: 'Nightcore',
  hostKeyword: 'nightcore',
  logoUrl: '/brand/nightcore-logo.svg',
  hero: {
    title: 'Nightcore music, all in one place',
    subtitle: 'Faster, brighter, higher: hand-picked nightcore songs in playlists, free to play.',
  },
  whatIs: {
    path: '/what-is-nightcore',
    linkLabel: 'What is Nightcore?',
    title: 'What is Nightcore?',
    imageUrl: '/brand/nightcore-logo.svg',
    descriptionHtml:
      '<p><strong>Nightcore</strong> is a remix style that speeds a song up by about 20 to 35 percent, which raises its pitch and lifts its tempo to 140 to 160 bpm.</p><p>It began in 2001 with two Norwegian students and grew into a worldwide community of creators.</p>',
  },
  social: {
    discord: 'https://discord.gg/nightcore',
    instagram: 'https://www.instagram.com/nightcore',
    x: 'https://x.com/nightcore',
    tiktok: 'https://www.tiktok.com/@nightcore',
    donation: 'https://ko-fi.com/nightcore',
  },
  subscriptionsUrl: 'https://www.patreon.com/nightcore',
  ads: { client: '', slot: '' },
  introVideoId: null,
  passion: {
    title: 'Made with passion',
    text: 'Every playlist is put together by fans who love the genre, song by song.',
  },
  community: {
    title: 'Join the community',
    text: 'Talk with other listeners, request songs and meet the creators in our chat.',
  },
  discordWidgetUrl: 'https://discord.com/widget?id=400000000000000001&theme=dark',
  faq: {
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
  playlistsDescription,
  features: { artworkEnabled: true, defaultMakerSpeed: 25 },
  theme: {
    primary: '#7c3aed',
    accent: '#ec4899',
    background: '#0b0b12',
    surface: '#161622',
    text: '#f5f5fa',
    mutedText: '#a1a1b5',
  },
};

export const slowedReverb: BrandConfig = {
  id: 'slowed-reverb',
  siteName: 'Slowed & Reverb',
  hostKeyword: 'slowedreverb',
  logoUrl: '/brand/slowed-reverb-logo.svg',
  hero: {
    title: 'Slowed and reverb songs to drift away to',
    subtitle: 'Slower, deeper, dreamier: playlists of slowed and reverb remixes, free to play.',
  },
  whatIs: {
    path: '/what-is-slowed-reverb',
    linkLabel: 'What is Slowed & Reverb?',
    title: 'What is Slowed & Reverb?',
    imageUrl: '/brand/slowed-reverb-logo.svg',
    descriptionHtml:
      '<p><strong>Slowed and reverb</strong> remixes slow a song down and add reverb, so that it sounds deeper and more spacious.</p>',
  },
  social: {
    discord: 'https://discord.gg/slowedreverb',
    instagram: 'https://www.instagram.com/slowedreverb',
    x: 'https://x.com/slowedreverb',
    tiktok: 'https://www.tiktok.com/@slowedreverb',
    donation: 'https://ko-fi.com/slowedreverb',
  },
  subscriptionsUrl: 'https://www.patreon.com/slowedreverb',
  ads: { client: '', slot: '' },
  introVideoId: null,
  passion: {
    title: 'Made with passion',
    text: 'Every playlist is put together by fans who love the slow side of music.',
  },
  community: {
    title: 'Join the community',
    text: 'Talk with other listeners, request songs and meet the creators in our chat.',
  },
  discordWidgetUrl: 'https://discord.com/widget?id=400000000000000002&theme=dark',
  faq: {
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
  playlistsDescription,
  features: { artworkEnabled: true, defaultMakerSpeed: -20 },
  theme: {
    primary: '#2563eb',
    accent: '#06b6d4',
    background: '#0a0f1a',
    surface: '#121a2b',
    text: '#eef2ff',
    mutedText: '#94a3b8',
  },
};

export const brands = { nightcore, 'slowed-reverb': slowedReverb } as const;
