export interface DiscordOAuthConfig {
  clientId: string;
  clientSecret: string;
  /** The authorization page, `https://discord.com/oauth2/authorize` in production. */
  oauthUrl: string;
  /** The API base, `https://discord.com/api/v10` in production. */
  apiUrl: string;
}

const PROVIDER_TIMEOUT_MS = 10_000;

export function authorizationUrl(config: DiscordOAuthConfig, state: string, redirectUri: string) {
  const url = new URL(config.oauthUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    scope: 'identify',
    state,
    redirect_uri: redirectUri,
  }).toString();
  return url.href;
}

export interface DiscordIdentity {
  id: string;
  name: string;
}

/** Raised when Discord refuses or cannot be reached; its message is safe to show. */
export class DiscordLinkError extends Error {}

/**
 * Exchanges the authorization code for a token and reads who it belongs to. Both requests go from
 * the server, with the client secret; neither the code nor the token leaves this function.
 */
export async function identityForCode(
  config: DiscordOAuthConfig,
  code: string,
  redirectUri: string,
): Promise<DiscordIdentity> {
  const api = config.apiUrl.replace(/\/$/, '');
  let tokenResponse: Response;
  try {
    tokenResponse = await fetch(`${api}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw new DiscordLinkError('Discord could not be reached. Please try again.');
  }
  if (!tokenResponse.ok) {
    throw new DiscordLinkError('Discord did not accept the link. Please try again.');
  }
  const token = (await tokenResponse.json()) as { access_token?: unknown; token_type?: unknown };
  if (typeof token.access_token !== 'string') {
    throw new DiscordLinkError('Discord did not accept the link. Please try again.');
  }
  let userResponse: Response;
  try {
    userResponse = await fetch(`${api}/users/@me`, {
      headers: { authorization: `Bearer ${token.access_token}` },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw new DiscordLinkError('Discord could not be reached. Please try again.');
  }
  const user = (userResponse.ok ? await userResponse.json() : {}) as {
    id?: unknown;
    username?: unknown;
    global_name?: unknown;
  };
  if (typeof user.id !== 'string' || !/^\d{1,32}$/.test(user.id)) {
    throw new DiscordLinkError('Discord did not tell us who you are. Please try again.');
  }
  const name =
    typeof user.global_name === 'string' && user.global_name
      ? user.global_name
      : typeof user.username === 'string'
        ? user.username
        : user.id;
  return { id: user.id, name: name.slice(0, 100) };
}
