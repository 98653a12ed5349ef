import { defineE2eConfig, portOffset } from '@fansite/playwright-config';

// Discord linking runs against a fake provider on loopback (apps/api/src/test-support/fake-discord.ts).
const fakeDiscordPort = 4340 + portOffset();
const fakeDiscord = `http://127.0.0.1:${fakeDiscordPort}`;

export default defineE2eConfig({
  port: 4310,
  name: 'web',
  serverEnv: {
    DISCORD_CLIENT_ID: 'fake-client-id',
    DISCORD_CLIENT_SECRET: 'fake-client-secret',
    DISCORD_OAUTH_URL: `${fakeDiscord}/oauth2/authorize`,
    DISCORD_API_URL: `${fakeDiscord}/api`,
  },
  extraServers: [
    {
      command: `pnpm --silent --filter @fansite/api exec tsx src/test-support/fake-discord.ts ${fakeDiscordPort}`,
      url: `${fakeDiscord}/health`,
    },
  ],
});
