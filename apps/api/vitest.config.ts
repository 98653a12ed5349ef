import { defineConfig, mergeConfig } from 'vitest/config';
import nodePreset from '@fansite/vitest-config/node';

export default mergeConfig(
  nodePreset,
  defineConfig({
    test: {
      // Each API test file opens its own databases; two at a time keeps a 2-core machine responsive.
      maxWorkers: 2,
      // Tokens in the API tests are real ones, from one Firebase Auth emulator for the whole run;
      // test databases are copies of one migrated per run; server processes run the built bundle.
      globalSetup: [
        './src/test-support/auth-emulator.ts',
        './src/test-support/template-database.ts',
        './src/test-support/built-server.ts',
      ],
    },
  }),
);
