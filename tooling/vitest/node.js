import './node20-compat.js';
import { defineConfig } from 'vitest/config';

/** Preset for server and plain TypeScript packages. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A worker runs its files one after another in one process and one module graph, rather than
    // a process per file that loads the server's modules (Fastify, Drizzle, the Firebase Admin
    // SDK) again: the API's tests took 535 s that way and 256 s this way, on two workers. A test
    // file keeps what it changes to itself: its own databases, apps and temporary folders, closed
    // in its own afterAll.
    isolate: false,
    // Time limits catch a hang, not slowness: the API tests start real databases, Firebase
    // calls and ffmpeg, and a 2-core machine under load can take several times their usual time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
