import { defineConfig, mergeConfig } from 'vitest/config';
import nodePreset from '@fansite/vitest-config/node';

export default mergeConfig(
  nodePreset,
  defineConfig({
    test: {
      // Each API test file opens its own databases; two at a time keeps a 2-core machine responsive.
      maxWorkers: 2,
    },
  }),
);
