import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for Patreon's OAuth2 and identity endpoint on loopback (tests never reach
 * Patreon). Its authorize page approves at once and sends the browser back with a code; the token
 * endpoint checks the client, the code (single use) and the redirect address; the identity
 * endpoint answers `identity` (a JSON:API document, see test-support/patreon) to a valid token.
 * Paths as Patreon's: /oauth2/authorize, /api/oauth2/token, /api/oauth2/v2/identity.
 */
export async function startFakePatreon({
  clientId = 'fake-patreon-client',
  clientSecret = 'fake-patreon-secret',
  identity,
}: {
  clientId?: string;
  clientSecret?: string;
  /** The identity answer; a function to change it between links. */
  identity: () => unknown;
}) {
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  const identityQueries: URLSearchParams[] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-patreon');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/vnd.api+json' });
      response.end(JSON.stringify(body));
    };
    let body = '';
    request.on('data', (chunk: Buffer) => (body += String(chunk)));
    request.on('end', () => {
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
        const code = form.get('code') ?? '';
        const valid =
          form.get('client_id') === clientId &&
          form.get('client_secret') === clientSecret &&
          form.get('grant_type') === 'authorization_code' &&
          codes.get(code) === form.get('redirect_uri');
        codes.delete(code);
        if (!valid) return json(401, { error: 'invalid_grant' });
        const token = randomBytes(12).toString('hex');
        tokens.add(token);
        return json(200, {
          access_token: token,
          refresh_token: randomBytes(12).toString('hex'),
          expires_in: 2678400,
          scope: 'identity identity.memberships',
          token_type: 'Bearer',
        });
      }
      if (request.method === 'GET' && url.pathname === '/api/oauth2/v2/identity') {
        identityQueries.push(url.searchParams);
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!tokens.has(token)) return json(401, { errors: [{ code_name: 'Unauthorized' }] });
        return json(200, identity());
      }
      json(404, { errors: [{ code_name: 'NotFound' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    config: {
      clientId,
      clientSecret,
      oauthUrl: `${origin}/oauth2/authorize`,
      apiUrl: `${origin}/api/oauth2`,
    },
    identityQueries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
