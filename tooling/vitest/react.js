import './node20-compat.js';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Preset for React packages: jsdom plus the jest-dom matchers. */
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./react-setup.js', import.meta.url))],
    css: false,
  },
});
