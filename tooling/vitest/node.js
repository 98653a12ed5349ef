import './node20-compat.js';
import { defineConfig } from 'vitest/config';

/** Preset for server and plain TypeScript packages. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
