import type { BrandConfig } from './schema.ts';

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
