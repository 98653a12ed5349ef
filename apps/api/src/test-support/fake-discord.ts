import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  const tokenRequests: URLSearchParams[] = [];
  const announcements: unknown[] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-discord');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    let body = '';
    request.on('data', (chunk: Buffer) => (body += String(chunk)));
    request.on('end', () => {
      if (url.pathname === '/health') return json(200, { ok: true });
      if (request.method === 'GET' && url.pathname === '/oauth2/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const back = new URL(redirectUri);
        if (url.searchParams.get('client_id') !== clientId) {
          back.searchParams.set('error', 'invalid_client');
        } else {
          const code = randomBytes(12).toString('hex');
          codes.set(code, redirectUri);
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href });
        response.end();
        return;
      }
      if (request.method === 'POST' && url.pathname === '/api/oauth2/token') {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        const code = form.get('code') ?? '';
        const valid =
          form.get('client_id') === clientId &&
          form.get('client_secret') === clientSecret &&
          form.get('grant_type') === 'authorization_code' &&
          codes.get(code) === form.get('redirect_uri');
        codes.delete(code);
        if (!valid) return json(400, { error: 'invalid_grant' });
        const token = randomBytes(12).toString('hex');
        tokens.add(token);
        return json(200, { access_token: token, token_type: 'Bearer', scope: 'identify' });
      }
      if (request.method === 'GET' && url.pathname === '/api/users/@me') {
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        return tokens.has(token) ? json(200, user) : json(401, { message: '401: Unauthorized' });
      }
      if (request.method === 'POST' && url.pathname === '/webhook/announce') {
        announcements.push(JSON.parse(body || 'null'));
        response.writeHead(204);
        response.end();
        return;
      }
      json(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run on its own (the end-to-end tests): `tsx src/test-support/fake-discord.ts PORT`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const port = Number(process.argv[2] ?? 0);
  const fake = await startFakeDiscord({ port });
  process.stdout.write(`fake Discord on ${fake.config.oauthUrl}\n`);
}
