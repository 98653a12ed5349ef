import { describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE, createApiClient, errorMessage } from './client.ts';

/** A fetch that answers with `body` and keeps an unread copy of every request it was sent. */
function fakeFetch(status: number, body: unknown) {
  const sent: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    sent.push((input as Request).clone());
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return Object.assign(fetchMock, { sent });
}

const requestOf = (fetchMock: ReturnType<typeof fakeFetch>) => fetchMock.sent[0]!;

describe('createApiClient', () => {
  it('sends query calls under /api/v1 with their fields and returns the data', async () => {
    const fetchMock = fakeFetch(200, { code: 200, message: '', data: [{ id: 'new' }] });
    const client = createApiClient({ baseUrl: 'http://site.test', fetch: fetchMock });

    const data = await client.request('playlistAll', { home: 'true' });

    expect(data).toEqual([{ id: 'new' }]);
    expect(requestOf(fetchMock).url).toBe('http://site.test/api/v1/playlist/all?home=true');
  });

  it('adds the ID token as a bearer header, never to the URL', async () => {
    const fetchMock = fakeFetch(200, { code: 200, message: '', data: { songs: [] } });
    const client = createApiClient({
      baseUrl: 'http://site.test',
      fetch: fetchMock,
      getIdToken: async () => 'secret-token',
    });

    await client.request('favoriteGetAll', {});

    const request = requestOf(fetchMock);
    expect(request.headers.get('authorization')).toBe('Bearer secret-token');
    expect(request.url).not.toContain('secret-token');
  });

  it('never asks for a token on public calls', async () => {
    const fetchMock = fakeFetch(200, { code: 200, message: '', data: [] });
    const getIdToken = vi.fn(async () => 'secret-token');
    const client = createApiClient({ baseUrl: 'http://site.test', fetch: fetchMock, getIdToken });

    await client.request('playlistAll', {});

    expect(getIdToken).not.toHaveBeenCalled();
    expect(requestOf(fetchMock).headers.get('authorization')).toBeNull();
  });

  it('sends multipart calls as form data without empty fields', async () => {
    const fetchMock = fakeFetch(200, { code: 200, message: '', data: null });
    const client = createApiClient({ baseUrl: 'http://site.test', fetch: fetchMock });

    await client.request('contactRequest', {
      topic: 'song-report',
      message: 'abcdefghijk: broken',
    });

    const request = requestOf(fetchMock);
    expect(request.method).toBe('POST');
    const form = await request.formData();
    expect(form.get('topic')).toBe('song-report');
    expect(form.get('message')).toBe('abcdefghijk: broken');
  });

  it('throws the server message when the code is not 200', async () => {
    const fetchMock = fakeFetch(404, { code: 404, message: 'Song not found', data: null });
    const client = createApiClient({ baseUrl: 'http://site.test', fetch: fetchMock });

    const failure = client.request('songGet', { s: 'abcdefghijk', p: 'new' });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 404, message: 'Song not found' });
  });

  it('keeps the envelope for callers that act on other codes', async () => {
    const fetchMock = fakeFetch(201, { code: 201, message: 'Site not activated', data: null });
    const client = createApiClient({ baseUrl: 'http://site.test', fetch: fetchMock });

    await expect(client.envelope('websiteGet', {})).resolves.toEqual({
      code: 201,
      message: 'Site not activated',
      data: null,
    });
  });

  it('falls back to the generic message when the body is not an envelope', async () => {
    const fetchMock = fakeFetch(502, '<html>Bad gateway</html>');
    const client = createApiClient({ baseUrl: 'http://site.test', fetch: fetchMock });

    const error = await client.request('feedGet', {}).catch((caught: unknown) => caught);

    expect(errorMessage(error)).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(GENERIC_ERROR_MESSAGE);
  });
});
