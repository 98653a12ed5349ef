import { defineConfig } from '@playwright/test';
import suite from '../playwright.config.ts';

// The fast-fill measure (`pnpm fast-fill`): every form of fast-fill.spec.ts on a desktop and on a
// 390 px phone with a 4x slower CPU, FAST_FILL_TRIES tries each, against the suite's server
// (started once for the run). Two forms at a time, each form's tries one after another: a busier
// machine only widens the moment between the server's page and the app's take-over, so it makes
// a loss likelier, never hides one. On such a machine a page can take longer than the suite's ten
// seconds to answer: a slow answer is not a lost one.
export default defineConfig(suite, {
  testDir: '.',
  workers: 2,
  testMatch: 'fast-fill.spec.ts',
  expect: { timeout: 30_000 },
  // A trace for each of hundreds of contexts costs time on every try, and saving them failed under
  // load; a lost try prints the step and the field that lost what was filled.
  use: { trace: 'off' },
  reporter: [['list'], ['./support/fast-fill-report.ts']],
  projects: [{ name: 'desktop' }, { name: 'phone' }],
});
