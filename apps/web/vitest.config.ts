import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import reactPreset from '@fansite/vitest-config/react';

/**
 * Files that test what a page does once in its life (YouTube's player script, fetched on the
 * first click), which a page shared with earlier files may already have done.
 */
const ONCE_PER_PAGE = ['src/features/home/IntroVideo.test.tsx'];

/** The preset with its test settings changed (spread, as `mergeConfig` would join the lists). */
const project = (test: NonNullable<ViteUserConfig['test']>): ViteUserConfig => ({
  ...reactPreset,
  test: { ...reactPreset.test, ...test },
});

export default defineConfig({
  test: {
    projects: [
      // The preset's one jsdom per worker (tooling/vitest/react-setup.js resets it between files)...
      project({ name: 'web', exclude: [...configDefaults.exclude, ...ONCE_PER_PAGE] }),
      // ...and a page of its own for each file above.
      project({ name: 'web-fresh-page', include: ONCE_PER_PAGE, isolate: true }),
    ],
  },
});
