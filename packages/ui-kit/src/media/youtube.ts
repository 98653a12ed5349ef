/** Sizes YouTube serves for every video: hqdefault is 4:3 (480x360), mqdefault 16:9 (320x180). */
export type YoutubeThumbnailQuality = 'hqdefault' | 'mqdefault';

/** The thumbnail YouTube serves for a video id. */
export function youtubeThumbnailUrl(
  videoId: string,
  quality: YoutubeThumbnailQuality = 'hqdefault',
): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/${quality}.jpg`;
}

/** The video's own page on YouTube, for when it cannot play here. */
export function youtubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
