import preset from '@fansite/vitest-config/react';
import { defineConfig, mergeConfig } from 'vitest/config';

export default mergeConfig(
  preset,
  defineConfig({
    // The preset's setup file cleans up with @testing-library/react, which it does not depend on:
    // resolve it from this package, the same copy the tests render with.
    resolve: { dedupe: ['@testing-library/react'] },
  }),
);
