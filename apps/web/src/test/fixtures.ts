import type { PlaylistCard, SongSummary } from '@fansite/contract';

export const playlistCard = (id: string, name: string, extra: Partial<PlaylistCard> = {}) =>
  ({
    id,
    category_name: name,
    description: '',
    youtube_url: 'dQw4w9WgXcQ',
    description_url: null,
    special: false,
    image_url: null,
    ...extra,
  }) satisfies PlaylistCard;

export const songSummary = (youtubeUrl: string, title: string, extra: Partial<SongSummary> = {}) =>
  ({
    youtube_url: youtubeUrl,
    title,
    author_name: 'Some artist',
    category_id: 'gaming',
    category_name: 'Gaming',
    date_added: '2026-01-02T03:04:05.000Z',
    new: 'false',
    duration: 200,
    ...extra,
  }) satisfies SongSummary;
