import { vi } from 'vitest';

/** jsdom has no matchMedia: answer every query with `matches`, as a browser with that setting. */
export function stubMatchMedia(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}
