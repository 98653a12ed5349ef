import { defineConfig } from '@playwright/test';
import suite from '../playwright.config.ts';

// The fast-fill measure (`pnpm fast-fill`): every form of fast-fill.spec.ts on a desktop and on a
// 390 px phone with a 4x slower CPU, FAST_FILL_TRIES tries each, against the suite's server
// (started once for the run) in one browser. One worker: the tries are timed by a machine other
// work shares, and tries in parallel would measure the machine. On that machine a page can take
// longer than the suite's ten seconds to answer: a slow answer is not a lost one.
export default defineConfig(suite, {
  testDir: '.',
  testMatch: 'fast-fill.spec.ts',
  expect: { timeout: 30_000 },
  // A trace for each of hundreds of contexts costs time on every try, and saving them failed under
  // load; a lost try prints the step and the field that lost what was filled.
  use: { trace: 'off' },
  reporter: [['list'], ['./support/fast-fill-report.ts']],
  projects: [{ name: 'desktop' }, { name: 'phone' }],
});
