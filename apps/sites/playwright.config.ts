import { API_FOLDER, defineE2eConfig } from '@fansite/playwright-config';

// YouTube's channel feed is outside the test's reach: a local fake answers it, one port above
// the app's.
const feedPort = (port: number) => port + 1000;

export default defineE2eConfig({
  port: 4312,
  name: 'sites',
  host: 'alice.localhost',
  serverEnv: (port) => ({
    YOUTUBE_FEED_URL: `http://127.0.0.1:${feedPort(port)}/feeds/videos.xml`,
  }),
  servers: (port) => [
    {
      command: `pnpm --silent exec tsx src/test-support/fake-youtube.ts ${feedPort(port)}`,
      cwd: API_FOLDER,
      url: `http://127.0.0.1:${feedPort(port)}/feeds/videos.xml`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
