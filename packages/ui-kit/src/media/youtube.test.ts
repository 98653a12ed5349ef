import { describe, expect, it } from 'vitest';
import { youtubeThumbnailUrl } from './youtube.ts';

describe('youtubeThumbnailUrl', () => {
  it('gives the 4:3 thumbnail by default', () => {
    expect(youtubeThumbnailUrl('dQw4w9WgXcQ')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
  });

  it('gives the 16:9 thumbnail when asked', () => {
    expect(youtubeThumbnailUrl('dQw4w9WgXcQ', 'mqdefault')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
    );
  });
});
