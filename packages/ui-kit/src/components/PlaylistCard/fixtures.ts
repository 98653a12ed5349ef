import type { PlaylistCardPlaylist } from './PlaylistCard.tsx';

/** Playlists as the API returns them, for stories and tests. */
export const samplePlaylists = {
  newSongs: {
    id: 'new',
    category_name: 'New songs',
    description: 'The latest songs added to the site.',
    youtube_url: 'dQw4w9WgXcQ',
    special: false,
    image_url: null,
  },
  network: {
    id: 'network',
    category_name: 'Network picks',
    description: 'Songs by the channels of our creator network.',
    youtube_url: 'kJQP7kiw5Fk',
    special: false,
    image_url: null,
  },
  gaming: {
    id: 'gaming',
    category_name: 'Gaming',
    description: '',
    youtube_url: 'fJ9rUzIMcZQ',
    special: true,
    // An inline image, so that stories show a custom cover without a network.
    image_url:
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 9'%3E%3Crect width='16' height='9' fill='%23f59e0b'/%3E%3C/svg%3E",
  },
  empty: {
    id: 'empty',
    category_name: 'Coming soon',
    description: '',
    youtube_url: null,
    special: false,
    image_url: null,
  },
} satisfies Record<string, PlaylistCardPlaylist>;
