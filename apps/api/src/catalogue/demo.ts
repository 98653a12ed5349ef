import type { BrandId } from '@fansite/brand-config';
import { SPECIAL_PLAYLIST_IDS } from '@fansite/contract';
import type { CatalogueFile, CataloguePlaylist, CatalogueSong } from './catalogue-file.ts';

export type DemoCatalogueOptions = {
  /** Whose catalogue: titles, playlists and creators in the brand's style. Nightcore by default. */
  brand?: BrandId;
  /** How many songs to generate; 240 by default, up to hundreds of thousands. */
  songs?: number;
  /** Same seed, same catalogue. */
  seed?: number;
};

export const DEFAULT_DEMO_SONG_COUNT = 240;
/** Each brand its own seed, so the two catalogues never share a video id. */
const DEFAULT_SEEDS: Record<BrandId, number> = {
  nightcore: 20_240_601,
  'slowed-reverb': 20_240_602,
};

/** "Now" for the demo; a fixed date so that the output never depends on when it was generated. */
export const DEMO_REFERENCE_DATE = new Date('2025-06-01T12:00:00.000Z');
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;

/** The newest songs carry the `new` flag and make up the `new` playlist. */
export const DEMO_NEW_SONG_COUNT = 20;

/**
 * A playlist page lists all its songs, so no playlist may grow with the catalogue: past
 * ten themes of this size, each theme gets further volumes. This keeps playlist/get
 * responses page-sized at 100,000 songs, the size the API budget is measured on.
 */
export const DEMO_PLAYLIST_TARGET_SIZE = 250;

const MIN_SONG_DURATION_S = 120;
const MAX_SONG_DURATION_S = 420;

type PlaylistTheme = {
  id: string;
  name: string;
  description: string;
  descriptionUrl: string | null;
  /** Playlists without an image fall back to their first song's thumbnail. */
  hasImage: boolean;
  special?: boolean;
  home?: boolean;
};

const NIGHTCORE_THEMES: PlaylistTheme[] = [
  {
    id: 'classics',
    name: 'Nightcore Classics',
    description: 'The songs that started it all, faster and higher.',
    descriptionUrl: 'https://en.wikipedia.org/wiki/Nightcore',
    hasImage: true,
    home: true,
  },
  {
    id: 'gaming',
    name: 'Gaming Nightcore',
    description: 'Boss fights, speedruns and late-night ranked games.',
    descriptionUrl: null,
    hasImage: true,
    home: true,
  },
  {
    id: 'anime',
    name: 'Anime Openings',
    description: 'Openings and endings, sped up until the credits fly by.',
    descriptionUrl: null,
    hasImage: false,
    home: true,
  },
  {
    id: 'edm',
    name: 'EDM & Dance',
    description: 'Drops that hit twice as hard at 150 bpm.',
    descriptionUrl: null,
    hasImage: true,
  },
  {
    id: 'rock',
    name: 'Rock & Metal',
    description: 'Guitars, screams and double bass, pitched up.',
    descriptionUrl: null,
    hasImage: false,
  },
  {
    id: 'pop',
    name: 'Pop Hits',
    description: 'Radio hits in their nightcore form.',
    descriptionUrl: null,
    hasImage: true,
    home: true,
  },
  {
    id: 'love-songs',
    name: 'Love Songs',
    description: 'For the ones who fall in love at 1.25x speed.',
    descriptionUrl: null,
    hasImage: false,
  },
  {
    id: 'emotional',
    name: 'Sad & Emotional',
    description: 'Bittersweet songs for rainy evenings.',
    descriptionUrl: null,
    hasImage: true,
  },
  {
    id: 'hardstyle',
    name: 'Hardstyle',
    description: 'Kicks, screeches and euphoric melodies.',
    descriptionUrl: null,
    hasImage: false,
  },
  {
    id: 'anniversary',
    name: 'Anniversary Specials',
    description: 'Collaborations and one-off edits made for our anniversaries.',
    descriptionUrl: 'https://www.youtube.com/playlist?list=PLdemoAnniversarySpecials01',
    hasImage: true,
    special: true,
    home: true,
  },
];

const ARTISTS = [
  'Luna Vale',
  'Neon Rivers',
  'Aria Bloom',
  'Skylar Quinn',
  'The Midnight Foxes',
  'Kairo',
  'Echo Hartley',
  'Violet Skies',
  'Nova Lane',
  'Jaxon Reed',
  'Mira Sol',
  'Static Hearts',
  'Crystal Arcade',
  'Rina Kato',
  'Solstice',
  'Ember & Ash',
  'Lumen',
  'Cassidy Grey',
  'Polar Drift',
  'Yuki Amano',
  'Blue Harbor',
  'Astra',
  'Haze Monroe',
  'Sora Tanaka',
  'Velvet Alley',
  'Orion Hale',
  'Pixel Parade',
  'Maple & June',
  'Zephyr',
  'Kira Lux',
];

const SLOWED_REVERB_THEMES: PlaylistTheme[] = [
  {
    id: 'slowed-classics',
    name: 'Slowed Classics',
    description: 'The songs everyone knows, slowed down until they feel like a memory.',
    descriptionUrl: 'https://en.wikipedia.org/wiki/Chopped_and_screwed',
    hasImage: true,
    home: true,
  },
  {
    id: 'late-night',
    name: 'Late Night Drives',
    description: 'Empty highways, city lights and a lot of reverb.',
    descriptionUrl: null,
    hasImage: true,
    home: true,
  },
  {
    id: 'anime-slowed',
    name: 'Anime Slowed',
    description: 'Openings and endings at half the speed, twice the feeling.',
    descriptionUrl: null,
    hasImage: false,
    home: true,
  },
  {
    id: 'lofi-chill',
    name: 'Lofi & Chill',
    description: 'Soft beats to study, read or do nothing to.',
    descriptionUrl: null,
    hasImage: true,
  },
  {
    id: 'underwater',
    name: 'Underwater Edits',
    description: 'Muffled, echoing, as if heard from the bottom of a pool.',
    descriptionUrl: null,
    hasImage: false,
  },
  {
    id: 'dreamy-pop',
    name: 'Dreamy Pop',
    description: 'Radio hits slowed into a daydream.',
    descriptionUrl: null,
    hasImage: true,
    home: true,
  },
  {
    id: 'love-reverb',
    name: 'Love in Reverb',
    description: 'Slow dances in an empty hall.',
    descriptionUrl: null,
    hasImage: false,
  },
  {
    id: 'sad-slowed',
    name: 'Sad & Slowed',
    description: 'For the nights that last a little longer.',
    descriptionUrl: null,
    hasImage: true,
  },
  {
    id: 'rainy-days',
    name: 'Rainy Days',
    description: 'Grey skies, warm tea and echoing vocals.',
    descriptionUrl: null,
    hasImage: false,
  },
  {
    id: 'anniversary',
    name: 'Anniversary Specials',
    description: 'Long edits and collaborations made for our anniversaries.',
    descriptionUrl: 'https://www.youtube.com/playlist?list=PLdemoSlowedAnniversary01',
    hasImage: true,
    special: true,
    home: true,
  },
];

/** Channels of the creator network; their songs make up the `network` playlist. */
const NIGHTCORE_CREATORS = [
  'Syrex Nightcore',
  'Sakura Nightcore',
  'NightSky Music',
  'Hyper Velocity',
  'Kitsune Beats',
  'Moonrise NC',
  'Aurora Sped Up',
  'Pulse Nightcore',
];
const SLOWED_REVERB_CREATORS = [
  'Reverb Dreams',
  'Slowly Lost',
  'Echo Chamber',
  'Midnight Tapes',
  'Drift Audio',
  'Hazy Reverb',
  'Slowed Tides',
  'Nocturne Edits',
];
const NETWORK_SONG_SHARE = 0.15;

const ILLUSTRATORS = ['mochi_draws', 'hikari.art', 'pastelfox', 'inkwell_kai', 'nanami_sketch'];

const ADJECTIVES = [
  'Electric',
  'Broken',
  'Golden',
  'Silent',
  'Endless',
  'Crimson',
  'Neon',
  'Fading',
  'Frozen',
  'Wild',
  'Lonely',
  'Shining',
  'Hollow',
  'Restless',
  'Velvet',
  'Sweet',
  'Dangerous',
  'Secret',
  'Savage',
  'Lucky',
  'Perfect',
  'Stolen',
  'Fearless',
  'Broken-Hearted',
  'Starlit',
  'Bitter',
  'Midnight',
  'Paper',
  'Glass',
  'Invisible',
];

const NOUNS = [
  'Heart',
  'Heartbeat',
  'Stars',
  'Fire',
  'Dreams',
  'Night',
  'Skyline',
  'Paradise',
  'Shadows',
  'Thunder',
  'Wonderland',
  'Ocean',
  'Memories',
  'Angel',
  'Butterfly',
  'Echoes',
  'Horizon',
  'Galaxy',
  'Summer',
  'Lights',
  'Rain',
  'Moonlight',
  'Universe',
  'Storm',
  'Melody',
  'Rhythm',
  'Kingdom',
  'Sunrise',
  'Highway',
  'Mirror',
  'Phoenix',
  'Diamonds',
  'Gravity',
  'Carousel',
  'Lullaby',
  'Wildfire',
  'Daydream',
  'Satellite',
  'Rebel',
  'Firefly',
  'Sakura',
  'Hurricane',
  'Skies',
  'Heaven',
  'Silence',
  'Fantasy',
  'Monsters',
  'Voices',
  'Cherry Blossoms',
  'Afterglow',
];

const GERUNDS = [
  'Dancing',
  'Running',
  'Falling',
  'Chasing',
  'Flying',
  'Burning',
  'Dreaming',
  'Waiting',
  'Fighting',
  'Breaking',
  'Calling',
  'Drifting',
  'Rising',
  'Holding',
  'Losing',
  'Finding',
  'Singing',
  'Racing',
  'Wandering',
  'Glowing',
];

const PREPOSITIONS = ['Through', 'Into', 'Under', 'Across', 'Beyond', 'Above', 'With', 'Over'];

const PHRASES = [
  'Let Me Go',
  'Take Me Higher',
  'Hold On',
  'Never Stop',
  'Stay With Me',
  'Save Me Tonight',
  'Run Away',
  'Wake Me Up',
  'Tell Me Why',
  'Light It Up',
  'Without You',
  'All I Want',
  'One More Time',
  'Play With Fire',
  "Don't Look Back",
  'Count On Me',
  'Break the Rules',
  'Into the Night',
  'Fly Away',
  'Catch Me If You Can',
];

/**
 * Bare titles that recur word for word, while many other titles merely contain them: searching
 * one of these shows whether exact matches rank first.
 */
const SHORT_TITLES = ['Fire', 'Stars', 'Heartbeat', 'Paradise', 'Let Me Go', 'Wonderland'];
const SHORT_TITLE_SHARE = 0.04;

/** What differs between the brands' generated catalogues. */
interface BrandFlavour {
  themes: PlaylistTheme[];
  creators: string[];
  title: { plain: (name: string) => string; featuring: (name: string, artist: string) => string };
  titleSuffixes: string[];
  /** The first line of a description, and its first hashtag. */
  versionOf: string;
  hashtag: string;
  /** Prefix of the picsum.photos seeds of the playlist images. */
  imageSeed: string;
}

const FLAVOURS: Record<BrandId, BrandFlavour> = {
  nightcore: {
    themes: NIGHTCORE_THEMES,
    creators: NIGHTCORE_CREATORS,
    title: {
      plain: (name) => `Nightcore - ${name}`,
      featuring: (name, artist) => `Nightcore - ${name} (feat. ${artist})`,
    },
    titleSuffixes: [' (Lyrics)', ' (Sped Up)', ' [Remix]', ' (Nightcore Edit)'],
    versionOf: 'Nightcore version',
    hashtag: '#nightcore',
    imageSeed: 'nightcore',
  },
  'slowed-reverb': {
    themes: SLOWED_REVERB_THEMES,
    creators: SLOWED_REVERB_CREATORS,
    title: {
      plain: (name) => `${name} (Slowed + Reverb)`,
      featuring: (name, artist) => `${name} (feat. ${artist}) [Slowed + Reverb]`,
    },
    titleSuffixes: [' (Lyrics)', ' (Extended)', ' [Lofi Edit]', ' (Night Edit)'],
    versionOf: 'Slowed and reverb version',
    hashtag: '#slowedreverb',
    imageSeed: 'slowedreverb',
  },
};

const YOUTUBE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A real video id encodes 64 bits in 11 characters, so its last character is one of these 16. */
const YOUTUBE_ID_LAST_CHARACTERS = 'AEIMQUYcgkosw048';

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for demo data and fully reproducible. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const integer = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const character = (alphabet: string): string =>
    alphabet.charAt(Math.floor(next() * alphabet.length));
  const chance = (probability: number): boolean => next() < probability;
  return { next, integer, pick, character, chance };
}
type Random = ReturnType<typeof createRandom>;

function createYoutubeIdFactory(random: Random) {
  const used = new Set<string>();
  return (): string => {
    for (;;) {
      let id = '';
      for (let i = 0; i < 10; i++) id += random.character(YOUTUBE_ID_ALPHABET);
      id += random.character(YOUTUBE_ID_LAST_CHARACTERS);
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}

/** The part of a title a listener would call the song's name. */
function songName(random: Random): string {
  switch (random.integer(0, 4)) {
    case 0:
      return `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
    case 1:
      return `${random.pick(GERUNDS)} ${random.pick(PREPOSITIONS)} the ${random.pick(NOUNS)}`;
    case 2:
      return `${random.pick(NOUNS)} of the ${random.pick(NOUNS)}`;
    case 3:
      return random.pick(PHRASES);
    default:
      return `${random.pick(PHRASES)} (${random.pick(ADJECTIVES)} ${random.pick(NOUNS)})`;
  }
}

function songTitle(random: Random, flavour: BrandFlavour, name: string): string {
  if (random.chance(0.6)) return flavour.title.plain(name);
  if (random.chance(0.25)) return flavour.title.featuring(name, random.pick(ARTISTS));
  return `${flavour.title.plain(name)}${random.pick(flavour.titleSuffixes)}`;
}

/** Early artists get more songs, as on a real channel where a few artists dominate. */
function songArtist(random: Random, flavour: BrandFlavour): string {
  if (random.chance(NETWORK_SONG_SHARE)) return random.pick(flavour.creators);
  return ARTISTS[Math.floor(ARTISTS.length * random.next() ** 1.6)] as string;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Several lines with links, sometimes a mailto and an HTML-looking line that must stay text. */
function songDescription(
  random: Random,
  flavour: BrandFlavour,
  name: string,
  artist: string,
  originalId: string,
) {
  const artistSlug = slug(artist);
  const lines = [
    `${flavour.versionOf} of "${name}" by ${artist}.`,
    `Original song: https://www.youtube.com/watch?v=${originalId}`,
    random.chance(0.5)
      ? `Follow ${artist}: https://soundcloud.com/${artistSlug}`
      : `Follow ${artist}: https://www.instagram.com/${artistSlug}/`,
  ];
  if (random.chance(0.7)) {
    lines.push(
      `Picture by ${random.pick(ILLUSTRATORS)}: https://www.pixiv.net/en/artworks/${random.integer(10_000_000, 99_999_999)}`,
    );
  }
  if (random.chance(0.2)) lines.push(`Business inquiries: mailto:${artistSlug}@example.com`);
  if (random.chance(0.1)) lines.push('<b>not bold</b> <i>not italic</i>');
  lines.push('', `${flavour.hashtag} #${slug(name.split(' ')[0] ?? 'music')} #${artistSlug}`);
  return lines.join('\n');
}

type RegularPlaylist = { theme: PlaylistTheme; volume: number; weight: number };

/** Ten themes, then more volumes of each theme so that playlists stay near the target size. */
function regularPlaylists(random: Random, themes: PlaylistTheme[], songCount: number) {
  const count = Math.max(themes.length, Math.ceil(songCount / DEMO_PLAYLIST_TARGET_SIZE));
  return Array.from({ length: count }, (_, index): RegularPlaylist => ({
    theme: themes[index % themes.length] as PlaylistTheme,
    volume: Math.floor(index / themes.length) + 1,
    // Uneven sizes look more like a real catalogue than equal ones.
    weight: 0.5 + random.next(),
  }));
}

function pickWeighted(random: Random, cumulativeWeights: number[]): number {
  const target = random.next() * (cumulativeWeights.at(-1) ?? 0);
  let low = 0;
  let high = cumulativeWeights.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulativeWeights[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return low;
}

function playlistId({ theme, volume }: RegularPlaylist): string {
  return volume === 1 ? theme.id : `${theme.id}-vol-${volume}`;
}

function toCataloguePlaylist(
  imageSeed: string,
  playlist: RegularPlaylist,
  songs: string[],
  popularity: number,
): CataloguePlaylist {
  const { theme, volume } = playlist;
  const id = playlistId(playlist);
  const isFirstVolume = volume === 1;
  return {
    id,
    name: isFirstVolume ? theme.name : `${theme.name} Vol. ${volume}`,
    description: theme.description,
    description_url: isFirstVolume ? theme.descriptionUrl : null,
    image_url:
      isFirstVolume && theme.hasImage
        ? `https://picsum.photos/seed/${imageSeed}-${id}/640/360`
        : null,
    special: isFirstVolume && theme.special === true,
    home: isFirstVolume && theme.home === true,
    popularity,
    songs,
  };
}

/**
 * Distinct popularity values: the curated and first-volume playlists rank above later volumes,
 * in a seeded order, with a little noise so the numbers do not look generated.
 */
function popularities(random: Random, themeCount: number, count: number): number[] {
  const ranks = Array.from({ length: count }, (_, index) => index);
  const firstShuffled = Math.min(count, themeCount + 2);
  for (let i = firstShuffled - 1; i > 0; i--) {
    const j = random.integer(0, i);
    [ranks[i], ranks[j]] = [ranks[j] as number, ranks[i] as number];
  }
  return ranks.map((rank) => (count - rank) * 100 + random.integer(0, 99));
}

/**
 * A made-up catalogue so that a fresh start shows a living site, and so that tests and the
 * benchmark have realistic data at any size. Everything is derived from a seeded PRNG and a
 * fixed reference date: the same options always give byte-identical output.
 */
export function generateDemoCatalogue(options: DemoCatalogueOptions = {}): CatalogueFile {
  const songCount = options.songs ?? DEFAULT_DEMO_SONG_COUNT;
  if (!Number.isSafeInteger(songCount) || songCount < 1) {
    throw new RangeError(`songs must be a positive integer, got ${songCount}`);
  }
  const brand = options.brand ?? 'nightcore';
  const flavour = FLAVOURS[brand];
  const random = createRandom(options.seed ?? DEFAULT_SEEDS[brand]);
  const nextYoutubeId = createYoutubeIdFactory(random);

  const playlists = regularPlaylists(random, flavour.themes, songCount);
  const cumulativeWeights: number[] = [];
  let totalWeight = 0;
  for (const playlist of playlists) {
    totalWeight += playlist.weight;
    cumulativeWeights.push(totalWeight);
  }

  // Songs are generated oldest first; the jitter stays under half a slot so that dates are
  // strictly increasing, which makes "the newest songs" well defined.
  const slotMs = SPAN_MS / songCount;
  const startMs = DEMO_REFERENCE_DATE.getTime() - SPAN_MS;
  const firstNewIndex = songCount - Math.min(DEMO_NEW_SONG_COUNT, songCount);
  const songs: CatalogueSong[] = [];
  const homePlaylistOf: number[] = [];
  for (let index = 0; index < songCount; index++) {
    const youtubeId = nextYoutubeId();
    const artist = songArtist(random, flavour);
    const name = random.chance(SHORT_TITLE_SHARE) ? random.pick(SHORT_TITLES) : songName(random);
    const title =
      SHORT_TITLES.includes(name) && random.chance(0.5) ? name : songTitle(random, flavour, name);
    const playlistIndex = pickWeighted(random, cumulativeWeights);
    const addedMs = startMs + (index + 0.5 + (random.next() - 0.5) * 0.8) * slotMs;
    homePlaylistOf.push(playlistIndex);
    songs.push({
      youtube_id: youtubeId,
      title,
      author_name: artist,
      description: songDescription(random, flavour, name, artist, nextYoutubeId()),
      date_added: new Date(Math.floor(addedMs)).toISOString(),
      new: index >= firstNewIndex,
      duration: random.integer(MIN_SONG_DURATION_S, MAX_SONG_DURATION_S),
      category_id: playlistId(playlists[playlistIndex] as RegularPlaylist),
    });
  }

  // Playlists play newest first, so the top of every playlist looks fresh.
  const songsByPlaylist = playlists.map((): string[] => []);
  // The network playlist showcases the creators' newest songs rather than archiving them all.
  const networkSongs: string[] = [];
  for (let index = songCount - 1; index >= 0; index--) {
    const song = songs[index] as CatalogueSong;
    songsByPlaylist[homePlaylistOf[index] as number]?.push(song.youtube_id);
    if (
      flavour.creators.includes(song.author_name) &&
      networkSongs.length < DEMO_PLAYLIST_TARGET_SIZE
    ) {
      networkSongs.push(song.youtube_id);
    }
  }
  const newSongs = songs
    .slice(firstNewIndex)
    .reverse()
    .map((song) => song.youtube_id);

  const popularity = popularities(random, flavour.themes.length, playlists.length + 2);
  const curated: CataloguePlaylist[] = [
    {
      id: SPECIAL_PLAYLIST_IDS.new,
      name: 'New Songs',
      description: 'The latest uploads, newest first.',
      description_url: null,
      image_url: null,
      special: false,
      home: true,
      popularity: popularity[0] as number,
      songs: newSongs,
    },
    {
      id: SPECIAL_PLAYLIST_IDS.network,
      name: 'From Our Network',
      description: 'Fresh songs from the channels of our creator network.',
      description_url: 'https://www.youtube.com/playlist?list=PLdemoNetworkCreators0001',
      image_url: `https://picsum.photos/seed/${flavour.imageSeed}-network/640/360`,
      special: false,
      home: true,
      popularity: popularity[1] as number,
      songs: networkSongs,
    },
  ];
  return {
    playlists: [
      ...curated,
      ...playlists.map((playlist, index) =>
        toCataloguePlaylist(
          flavour.imageSeed,
          playlist,
          songsByPlaylist[index] as string[],
          popularity[index + 2] as number,
        ),
      ),
    ],
    songs,
  };
}
