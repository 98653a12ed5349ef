import { defineConfig, mergeConfig } from 'vitest/config';
import reactPreset from '@fansite/vitest-config/react';

export default mergeConfig(
  reactPreset,
  defineConfig({
    test: {
      // A jsdom of its own per test file: whole-app renders here have not yet been shown to leave
      // nothing behind for the next file in a shared one (docs/testing.md).
      isolate: true,
    },
  }),
);
