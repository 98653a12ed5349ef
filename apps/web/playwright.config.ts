import { defineE2eConfig } from '@fansite/playwright-config';
import { E2E_SUBSCRIBER_EMAIL } from './e2e/support/subscriber.ts';

// Discord linking runs against a fake provider on loopback (apps/api/src/test-support/fake-discord.ts),
// thirty ports above the app's.
const fakeDiscord = (port: number) => `http://127.0.0.1:${port + 30}`;
// Channel links saved on the website settings, and the team's song form (oEmbed), read a fake
// YouTube (channel pages, feeds and oEmbed, apps/api/src/test-support/fake-youtube.ts),
// thirty-one ports above.
const fakeYouTube = (port: number) => `http://127.0.0.1:${port + 31}`;

export default defineE2eConfig({
  port: 4310,
  name: 'web',
  serverEnv: (port) => ({
    DISCORD_CLIENT_ID: 'fake-client-id',
    DISCORD_CLIENT_SECRET: 'fake-client-secret',
    DISCORD_OAUTH_URL: `${fakeDiscord(port)}/oauth2/authorize`,
    DISCORD_API_URL: `${fakeDiscord(port)}/api`,
    YOUTUBE_OEMBED_URL: `${fakeYouTube(port)}/oembed`,
    YOUTUBE_PAGE_URL: fakeYouTube(port),
    YOUTUBE_FEED_URL: `${fakeYouTube(port)}/feeds/videos.xml`,
    // The fast-fill measure converts a song at each of its tries, a hundred for one subscriber.
    MAKER_DAILY_LIMIT: '1000',
  }),
  servers: (port) => [
    {
      command: `pnpm --silent --filter @fansite/api exec tsx src/test-support/fake-discord.ts ${port + 30}`,
      url: `${fakeDiscord(port)}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `pnpm --silent --filter @fansite/api exec tsx src/test-support/fake-youtube.ts ${port + 31}`,
      url: `${fakeYouTube(port)}/feeds/videos.xml`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
  subscriberEmails: [E2E_SUBSCRIBER_EMAIL],
});
