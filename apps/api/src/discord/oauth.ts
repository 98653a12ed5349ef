import {
  AccountLinkError,
  authorizationUrl as oauthAuthorizationUrl,
  exchangeCode,
  readWithToken,
  type OAuthClient,
} from '../oauth2/code-grant.ts';

export interface DiscordOAuthConfig extends OAuthClient {
  /** The authorization page, `https://discord.com/oauth2/authorize` in production. */
  oauthUrl: string;
  /** The API base, `https://discord.com/api/v10` in production. */
  apiUrl: string;
}

export function authorizationUrl(config: DiscordOAuthConfig, state: string, redirectUri: string) {
  return oauthAuthorizationUrl(config, { scope: 'identify', state, redirectUri });
}

export interface DiscordIdentity {
  id: string;
  name: string;
}

/** Exchanges the authorization code for a token and reads who it belongs to. */
export async function identityForCode(
  config: DiscordOAuthConfig,
  code: string,
  redirectUri: string,
): Promise<DiscordIdentity> {
  const api = config.apiUrl.replace(/\/$/, '');
  const token = await exchangeCode('Discord', config, {
    tokenUrl: `${api}/oauth2/token`,
    code,
    redirectUri,
  });
  const user = ((await readWithToken('Discord', `${api}/users/@me`, token)) ?? {}) as {
    id?: unknown;
    username?: unknown;
    global_name?: unknown;
  };
  if (typeof user.id !== 'string' || !/^\d{1,32}$/.test(user.id)) {
    throw new AccountLinkError('Discord did not tell us who you are. Please try again.');
  }
  const name =
    typeof user.global_name === 'string' && user.global_name
      ? user.global_name
      : typeof user.username === 'string'
        ? user.username
        : user.id;
  return { id: user.id, name: name.slice(0, 100) };
}
