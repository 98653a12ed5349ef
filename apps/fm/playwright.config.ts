import { defineE2eConfig } from '@fansite/playwright-config';

export default defineE2eConfig({
  port: 4311,
  name: 'fm',
  host: 'fm.localhost',
  catalogueFile: 'apps/fm/e2e/fixtures/short-songs.json',
  // Every page open on the station is a listener, and a test counts them: one test at a time.
  oneAtATime: true,
});
