import { endpoints, type CallName } from '@fansite/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { createQueries, dependsOnViewer, forgetSignedInReads } from './queries.ts';

function setUp(token: string | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    return Response.json({
      code: 200,
      message: '',
      data: { songs: [], sentToken: request.headers.get('authorization') },
    });
  });
  const client = createApiClient({
    baseUrl: 'http://site.test',
    fetch: fetchMock,
    getIdToken: async () => token,
  });
  return { queries: createQueries(client), queryClient: new QueryClient() };
}

type Read = (input: object, viewer: string | null) => { queryKey: readonly unknown[] };

/** Every read `createQueries` offers, by its place ('favorite.all'), found by walking it. */
function everyRead(queries: ReturnType<typeof createQueries>): [string, Read][] {
  return Object.entries(queries).flatMap(([resource, reads]) =>
    Object.entries(reads).map(([read, options]): [string, Read] => [
      `${resource}.${read}`,
      options as Read,
    ]),
  );
}

/**
 * Calls that send a token but are never cached: each is sent once for an action (play a
 * favourite, start or end a Discord link, follow a conversion), so no key holds their answer.
 */
const SENT_FOR_AN_ACTION_ONLY: CallName[] = [
  'favoriteGetLatest',
  'favoriteRandom',
  'accountDiscordAuthorize',
  'accountDisconnectDiscord',
  'accountPatreonAuthorize',
  'accountDisconnectPatreon',
  'staffSongLookup',
  'makeProgress',
];

describe('createQueries', () => {
  it('names the viewer in the key of every read of a call that sends a token', () => {
    const { queries } = setUp('token');
    const callsRead = new Set<CallName>();
    for (const [place, read] of everyRead(queries)) {
      const key = read({}, 'viewer-a').queryKey;
      const name = key[1] as CallName;
      expect(Object.keys(endpoints), place).toContain(name);
      callsRead.add(name);
      if (!dependsOnViewer(name)) continue;
      expect(key.at(-1), place).toEqual({ viewer: 'viewer-a' });
      expect(read({}, null).queryKey.at(-1), place).toEqual({ viewer: null });
    }
    // Every call the contract marks as sending a token is read here, or only ever sent for an
    // action: a new signed-in call cannot be cached without its viewer going unnoticed.
    const signedInCalls = (Object.keys(endpoints) as CallName[]).filter(
      (name) => dependsOnViewer(name) && endpoints[name].method === 'GET',
    );
    for (const name of signedInCalls) {
      expect(callsRead.has(name) || SENT_FOR_AN_ACTION_ONLY.includes(name), name).toBe(true);
    }
    for (const name of SENT_FOR_AN_ACTION_ONLY) expect(callsRead.has(name), name).toBe(false);
  });

  it('forgets what a signed-in person read, and keeps the public reads', async () => {
    const { queries, queryClient } = setUp('token');
    await queryClient.fetchQuery(queries.favorite.all({}, 'user-a'));
    await queryClient.fetchQuery(queries.website.get({}, 'user-a'));
    await queryClient.fetchQuery(queries.favorite.all({}, null));
    await queryClient.fetchQuery(queries.playlist.all({ home: 'true' }));

    forgetSignedInReads(queryClient);

    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(left).toEqual([
      queries.favorite.all({}, null).queryKey,
      queries.playlist.all({ home: 'true' }).queryKey,
    ]);
  });

  it('keeps public keys the same for everyone', () => {
    const { queries } = setUp('token');
    expect(queries.playlist.all({ home: 'true' }).queryKey).toEqual([
      'playlist',
      'playlistAll',
      { home: 'true' },
    ]);
  });

  it('reads a signed-out answer without a token even when someone has signed in since', async () => {
    const { queries, queryClient } = setUp('fresh-token');
    const signedOut = await queryClient.fetchQuery(queries.favorite.all({}, null));
    const signedIn = await queryClient.fetchQuery(queries.favorite.all({}, 'user-a'));
    expect(signedOut).toMatchObject({ sentToken: null });
    expect(signedIn).toMatchObject({ sentToken: 'Bearer fresh-token' });
  });
});
