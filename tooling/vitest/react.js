import './node20-compat.js';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Preset for React packages: jsdom plus the jest-dom matchers. */
export default defineConfig({
  // The setup file's Testing Library is the one the tests render with (from the package's root).
  resolve: { dedupe: ['@testing-library/react'] },
  test: {
    environment: 'jsdom',
    // Testing Library registers its after-each cleanup when it finds the test globals.
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./react-setup.js', import.meta.url))],
    css: false,
    // One jsdom per worker for all its files: creating one per file took most of the run
    // (react-setup.js resets the page between files).
    isolate: false,
    // Whole-page renders on a busy two-core machine take seconds; findBy waits up to 5 s.
    testTimeout: 20_000,
  },
});
