import type { BrandId } from '@fansite/brand-config';
import { SPECIAL_PLAYLIST_IDS } from '@fansite/contract';
import type { CatalogueFile, CatalogueSong } from './catalogue-file.ts';
import { DEMO_REFERENCE_DATE, generateDemoCatalogue } from './demo.ts';

type RealSong = Pick<CatalogueSong, 'youtube_id' | 'title' | 'author_name' | 'duration'>;

/**
 * NoCopyrightSounds releases: free to stream and embed on YouTube, so a fresh start plays real
 * music at once. Each video id, title and artist was found alike in at least two independent
 * public sources (see docs/demo-music.md, which also lists them); durations are the videos'.
 * A video belongs to one brand's catalogue, so the brands get different releases.
 */
const REAL_SONGS: Record<BrandId, RealSong[]> = {
  nightcore: [
    { youtube_id: 'J2X5mJ3HDYE', title: 'Invincible', author_name: 'DEAF KEV', duration: 273 },
    { youtube_id: 'TW9d8vYrVFQ', title: 'Sky High', author_name: 'Elektronomia', duration: 238 },
    {
      youtube_id: 'K4DyBUG242c',
      title: 'On & On (feat. Daniel Levi)',
      author_name: 'Cartoon, Jéja',
      duration: 208,
    },
    {
      youtube_id: 'yJg-Y5byMMw',
      title: 'Mortals (feat. Laura Brehm)',
      author_name: 'Warriyo',
      duration: 230,
    },
    {
      youtube_id: '3nQNiWdeH2Q',
      title: 'Heroes Tonight (feat. Johnning)',
      author_name: 'Janji',
      duration: 208,
    },
  ],
  'slowed-reverb': [
    {
      youtube_id: 'jK2aIUmmdP4',
      title: 'My Heart',
      author_name: 'Different Heaven & EH!DE',
      duration: 267,
    },
    { youtube_id: 'q1ULJ92aldE', title: 'Feel Good', author_name: 'Syn Cole', duration: 182 },
    {
      youtube_id: 'LHvYrn3FAgI',
      title: 'Superhero (feat. Chris Linton)',
      author_name: 'Unknown Brain',
      duration: 182,
    },
    { youtube_id: '__CRWE-L45k', title: 'Symbolism', author_name: 'Electro-Light', duration: 291 },
    { youtube_id: 'x_OwcYTNbHs', title: 'Firefly', author_name: 'Jim Yosef', duration: 256 },
  ],
};

/** The playlist the real songs call home, one of the home page's playlists. */
const STARTER_PLAYLISTS: Record<BrandId, { id: string; name: string; description: string }> = {
  nightcore: {
    id: 'ncs-picks',
    name: 'NCS Picks',
    description: 'Free releases from NoCopyrightSounds, ready to play.',
  },
  'slowed-reverb': {
    id: 'ncs-chill',
    name: 'NCS Chill',
    description: 'Melodic free releases from NoCopyrightSounds, ready to play.',
  },
};

/**
 * What a fresh start loads for a brand (`DEMO_CATALOGUE`): the generated demo catalogue, whose
 * home playlists start with the real songs above, so whatever a newcomer opens from the home page
 * plays. The generated songs stay for browsing and search; the big bench catalogues are the
 * generator's alone.
 */
export function generateStarterCatalogue(brand: BrandId): CatalogueFile {
  const demo = generateDemoCatalogue({ brand });
  const starter = STARTER_PLAYLISTS[brand];
  const realIds = REAL_SONGS[brand].map((song) => song.youtube_id);
  // Newer than every generated song, newest first in their order above.
  const count = REAL_SONGS[brand].length;
  const songs: CatalogueSong[] = REAL_SONGS[brand].map((song, index) => ({
    ...song,
    description: `${song.author_name} - ${song.title} [NCS Release]\nMusic provided by NoCopyrightSounds.\nhttps://www.youtube.com/watch?v=${song.youtube_id}`,
    date_added: new Date(DEMO_REFERENCE_DATE.getTime() + (count - index) * 60_000).toISOString(),
    new: true,
    category_id: starter.id,
  }));
  const playlists = demo.playlists.map((playlist) =>
    playlist.home ? { ...playlist, songs: [...realIds, ...playlist.songs] } : playlist,
  );
  // Below the network playlist, the most popular one, in the default order.
  const popularity = Math.max(...demo.playlists.map((playlist) => playlist.popularity)) - 1;
  const newIndex = playlists.findIndex((playlist) => playlist.id === SPECIAL_PLAYLIST_IDS.new);
  return {
    playlists: [
      ...playlists.slice(0, newIndex + 1),
      {
        id: starter.id,
        name: starter.name,
        description: starter.description,
        description_url: 'https://ncs.io/',
        image_url: null,
        special: false,
        home: true,
        popularity,
        songs: realIds,
      },
      ...playlists.slice(newIndex + 1),
    ],
    songs: [...demo.songs, ...songs],
  };
}
