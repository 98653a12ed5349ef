import { defineE2eConfig } from '@fansite/playwright-config';
import { E2E_SUBSCRIBER_EMAIL } from './e2e/support/subscriber.ts';

// Discord linking runs against a fake provider on loopback (apps/api/src/test-support/fake-discord.ts),
// thirty ports above the app's.
const fakeDiscord = (port: number) => `http://127.0.0.1:${port + 30}`;
// The team's song form reads YouTube's oEmbed from a fake too (test-support/fake-youtube-oembed.ts).
const fakeOembed = (port: number) => `http://127.0.0.1:${port + 37}`;

export default defineE2eConfig({
  port: 4310,
  name: 'web',
  serverEnv: (port) => ({
    DISCORD_CLIENT_ID: 'fake-client-id',
    DISCORD_CLIENT_SECRET: 'fake-client-secret',
    DISCORD_OAUTH_URL: `${fakeDiscord(port)}/oauth2/authorize`,
    DISCORD_API_URL: `${fakeDiscord(port)}/api`,
    YOUTUBE_OEMBED_URL: `${fakeOembed(port)}/oembed`,
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
      command: `pnpm --silent --filter @fansite/api exec tsx src/test-support/fake-youtube-oembed.ts ${port + 37}`,
      url: `${fakeOembed(port)}/oembed?url=https://www.youtube.com/watch?v=fakeOembed1`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
  subscriberEmails: [E2E_SUBSCRIBER_EMAIL],
});
