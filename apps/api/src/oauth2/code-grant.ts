/**
 * The client side of OAuth2's authorization-code grant (RFC 6749 4.1) as the account links use
 * it with Discord and Patreon: the address that asks the person, the code exchanged for a token,
 * and a read with that token. Requests go from the server with the client secret; neither the
 * code nor the token leaves these functions, and no failure message names them.
 */

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** The service's authorization page. */
  oauthUrl: string;
}

const PROVIDER_TIMEOUT_MS = 10_000;

/** Raised when the service refuses or cannot be reached; its message is safe to show. */
export class AccountLinkError extends Error {}

export function authorizationUrl(
  client: OAuthClient,
  { scope, state, redirectUri }: { scope: string; state: string; redirectUri: string },
) {
  const url = new URL(client.oauthUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    scope,
    state,
    redirect_uri: redirectUri,
  }).toString();
  return url.href;
}

async function call(service: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new AccountLinkError(`${service} could not be reached. Please try again.`);
  }
}

/** The access token for an authorization code, from the service's token endpoint. */
export async function exchangeCode(
  service: string,
  client: OAuthClient,
  { tokenUrl, code, redirectUri }: { tokenUrl: string; code: string; redirectUri: string },
): Promise<string> {
  const response = await call(service, tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  const token = (response.ok ? await response.json().catch(() => ({})) : {}) as {
    access_token?: unknown;
  };
  if (typeof token.access_token !== 'string') {
    throw new AccountLinkError(`${service} did not accept the link. Please try again.`);
  }
  return token.access_token;
}

/** A JSON read with the person's token; null when the service answers anything but success. */
export async function readWithToken(service: string, url: string, token: string) {
  const response = await call(service, url, { headers: { authorization: `Bearer ${token}` } });
  return response.ok ? ((await response.json().catch(() => null)) as unknown) : null;
}
