import './node20-compat.js';
import { defineConfig } from 'vitest/config';

/** Preset for server and plain TypeScript packages. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Time limits catch a hang, not slowness: the API tests start real databases, Firebase
    // calls and ffmpeg, and a 2-core machine under load can take several times their usual time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
