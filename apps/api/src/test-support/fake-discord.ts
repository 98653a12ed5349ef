import { fakeCodeGrant, startFakeService } from './fake-oauth.ts';

export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name: string | null;
}

/**
 * A small stand-in for Discord's OAuth2 on loopback (tests never reach Discord). Its authorize
 * page approves at once and sends the browser back with a code; the token endpoint checks the
 * client, the code (single use) and the redirect address like Discord does; /users/@me tells who
 * the token belongs to. Every request to the API is recorded for the tests.
 */
export async function startFakeDiscord({
  clientId = 'fake-client-id',
  clientSecret = 'fake-client-secret',
  user = { id: '80351110224678912', username: 'nelly', global_name: 'Nelly' },
  port = 0,
}: {
  clientId?: string;
  clientSecret?: string;
  user?: FakeDiscordUser;
  port?: number;
} = {}) {
  const grant = fakeCodeGrant({ clientId, clientSecret });
  const tokenRequests: URLSearchParams[] = [];
  const announcements: unknown[] = [];

  const { origin, close } = await startFakeService(
    (exchange) => {
      const { request, response, url, body, json } = exchange;
      if (url.pathname === '/health') return json(200, { ok: true });
      if (request.method === 'GET' && url.pathname === '/oauth2/authorize') {
        return grant.authorize(exchange);
      }
      if (request.method === 'POST' && url.pathname === '/api/oauth2/token') {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        const token = grant.token(form);
        if (!token) return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: token, token_type: 'Bearer', scope: 'identify' });
      }
      if (request.method === 'GET' && url.pathname === '/api/users/@me') {
        return grant.isAuthorized(request)
          ? json(200, user)
          : json(401, { message: '401: Unauthorized' });
      }
      if (request.method === 'POST' && url.pathname === '/webhook/announce') {
        announcements.push(JSON.parse(body || 'null'));
        response.writeHead(204);
        response.end();
        return;
      }
      json(404, { message: 'Not found' });
    },
    { port },
  );
  return {
    config: {
      clientId,
      clientSecret,
      oauthUrl: `${origin}/oauth2/authorize`,
      apiUrl: `${origin}/api`,
    },
    announceUrl: `${origin}/webhook/announce`,
    tokenRequests,
    announcements,
    close,
  };
}

// Run on its own (the end-to-end tests): `tsx src/test-support/fake-discord.ts PORT`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const port = Number(process.argv[2] ?? 0);
  const fake = await startFakeDiscord({ port });
  process.stdout.write(`fake Discord on ${fake.config.oauthUrl}\n`);
}
