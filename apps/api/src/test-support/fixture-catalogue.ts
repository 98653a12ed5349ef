import type { CatalogueFile } from '../catalogue/catalogue-file.ts';

/** Video ids of the fixture, named for what the tests do with them. */
export const ids = {
  blueSky: 'blueSky0001',
  skyHigh: 'skyHigh0002',
  sky: 'skySong0003',
  moonlight: 'moonLit0004',
  neonRush: 'neonRsh0005',
} as const;

/** A small catalogue whose order, names and dates the tests can reason about. */
export const fixtureCatalogue: CatalogueFile = {
  playlists: [
    {
      id: 'new',
      name: 'New Songs',
      description: 'Newest uploads',
      description_url: null,
      image_url: null,
      special: false,
      home: true,
      popularity: 30,
      songs: [ids.neonRush, ids.moonlight],
    },
    {
      id: 'chill',
      name: 'chill Vibes',
      description: 'Slow down',
      description_url: 'https://example.com/chill',
      image_url: 'https://example.com/chill.jpg',
      special: true,
      home: true,
      popularity: 50,
      songs: [ids.blueSky, ids.skyHigh, ids.sky],
    },
    {
      id: 'network',
      name: 'Network Picks',
      description: 'From our creators',
      description_url: null,
      image_url: null,
      special: false,
      home: false,
      popularity: 10,
      songs: [ids.moonlight, ids.neonRush],
    },
    {
      id: 'empty',
      name: 'Also Empty',
      description: '',
      description_url: null,
      image_url: null,
      special: false,
      home: false,
      popularity: 0,
      songs: [],
    },
  ],
  songs: [
    {
      youtube_id: ids.blueSky,
      title: 'Nightcore - Blue Sky',
      author_name: 'Luna Park',
      description: 'Line one\nhttps://example.com',
      date_added: '2024-01-10T10:00:00Z',
      new: false,
      duration: 200,
      category_id: 'chill',
    },
    {
      youtube_id: ids.skyHigh,
      title: 'Sky High',
      author_name: 'Aero',
      description: '',
      date_added: '2024-03-01T10:00:00Z',
      new: false,
      duration: 180,
      category_id: 'chill',
    },
    {
      youtube_id: ids.sky,
      title: 'Sky',
      author_name: 'Luna Park',
      description: '',
      date_added: '2023-05-05T10:00:00Z',
      new: false,
      duration: 150,
      category_id: 'chill',
    },
    {
      youtube_id: ids.moonlight,
      title: 'Moonlight Dance',
      author_name: 'Stella',
      description: '<b>not bold</b>',
      date_added: '2025-06-01T10:00:00Z',
      new: true,
      duration: 240,
      category_id: 'new',
    },
    {
      youtube_id: ids.neonRush,
      title: 'Neon Rush',
      author_name: 'Aero',
      description: '',
      date_added: '2025-07-01T10:00:00Z',
      new: true,
      duration: 210,
      category_id: 'new',
    },
  ],
};

/** Video ids of the slowed-reverb fixture. */
export const slowedIds = { rain: 'rainDay0101', drift: 'driftAw0102' } as const;

/**
 * The slowed-reverb brand's own small catalogue: its `new` playlist shares the nightcore
 * fixture's id (each brand has one), with other songs and names.
 */
export const slowedReverbFixture: CatalogueFile = {
  playlists: [
    {
      id: 'new',
      name: 'Fresh Slowed Songs',
      description: 'Newest slowed uploads',
      description_url: null,
      image_url: null,
      special: false,
      home: true,
      popularity: 20,
      songs: [slowedIds.drift, slowedIds.rain],
    },
    {
      id: 'rainy',
      name: 'Rainy Reverb',
      description: 'Grey skies',
      description_url: null,
      image_url: null,
      special: false,
      home: true,
      popularity: 40,
      songs: [slowedIds.rain, slowedIds.drift],
    },
  ],
  songs: [
    {
      youtube_id: slowedIds.rain,
      title: 'Rain Day (Slowed + Reverb)',
      author_name: 'Mira Sol',
      description: '',
      date_added: '2025-02-01T10:00:00Z',
      new: false,
      duration: 300,
      category_id: 'rainy',
    },
    {
      youtube_id: slowedIds.drift,
      title: 'Drift Away (Slowed + Reverb)',
      author_name: 'Aero',
      description: '',
      date_added: '2025-07-02T10:00:00Z',
      new: true,
      duration: 320,
      category_id: 'new',
    },
  ],
};
