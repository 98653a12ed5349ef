import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { createQueries } from './queries.ts';

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

describe('createQueries', () => {
  it('names the viewer in the key of every call that sends a token', () => {
    const { queries } = setUp('token');
    expect(queries.favorite.all({}, 'user-a').queryKey).not.toEqual(
      queries.favorite.all({}, 'user-b').queryKey,
    );
    expect(queries.song.get({ s: 'abcdefghijk', p: 'new' }, null).queryKey).not.toEqual(
      queries.song.get({ s: 'abcdefghijk', p: 'new' }, 'user-a').queryKey,
    );
    expect(queries.account.info({}, 'user-a').queryKey).toContainEqual({ viewer: 'user-a' });
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
