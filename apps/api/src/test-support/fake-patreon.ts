import { randomBytes } from 'node:crypto';
import { fakeCodeGrant, startFakeService } from './fake-oauth.ts';

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
  const grant = fakeCodeGrant({ clientId, clientSecret });
  const identityQueries: URLSearchParams[] = [];

  const { origin, close } = await startFakeService(
    (exchange) => {
      const { request, url, body, json } = exchange;
      if (request.method === 'GET' && url.pathname === '/oauth2/authorize') {
        return grant.authorize(exchange);
      }
      if (request.method === 'POST' && url.pathname === '/api/oauth2/token') {
        const token = grant.token(new URLSearchParams(body));
        if (!token) return json(401, { error: 'invalid_grant' });
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
        if (!grant.isAuthorized(request)) {
          return json(401, { errors: [{ code_name: 'Unauthorized' }] });
        }
        return json(200, identity());
      }
      json(404, { errors: [{ code_name: 'NotFound' }] });
    },
    { contentType: 'application/vnd.api+json' },
  );
  return {
    config: {
      clientId,
      clientSecret,
      oauthUrl: `${origin}/oauth2/authorize`,
      apiUrl: `${origin}/api/oauth2`,
    },
    identityQueries,
    close,
  };
}
