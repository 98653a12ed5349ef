import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';
import type { OverloadOptions } from './overload.ts';

// Each test starts its own app (migrations on a fresh PGlite), which takes a hook's time on a
// loaded machine, not a test's.
describe('overload', { timeout: 60_000 }, () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  afterEach(() => harness?.close());

  const start = async (overload: Partial<OverloadOptions>) => {
    harness = await buildTestApp('pglite', { overload });
    return harness.app;
  };

  it('refuses searches past the per-address limit with a 429 envelope and Retry-After', async () => {
    const app = await start({ searchPerMinute: 2 });
    const search = () => app.inject({ method: 'GET', url: '/api/v1/song/search?s=sky' });
    expect((await search()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
    const refused = await search();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, data: null });
    expect(refused.json().message).toMatch(/^Too many requests/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other calls are not counted against the search limit.
    expect((await app.inject({ method: 'GET', url: '/api/v1/playlist/all' })).statusCode).toBe(200);
  });

  it('counts whole searches and pages of a search against one limit', async () => {
    const app = await start({ searchPerMinute: 2 });
    const call = (path: string) => app.inject({ method: 'GET', url: `/api/v1/song/${path}` });
    expect((await call('search?s=sky')).statusCode).toBe(200);
    expect((await call('searchpage?s=sky')).statusCode).toBe(200);
    expect((await call('searchpage?s=sky')).statusCode).toBe(429);
    expect((await call('search?s=sky')).statusCode).toBe(429);
  });

  it('counts every favourite call against one limit', async () => {
    const app = await start({ favoritesPerMinute: 1, failedSignInsPerMinute: 100 });
    const call = (path: string) => app.inject({ method: 'GET', url: `/api/v1/favorite/${path}` });
    expect((await call('getall')).statusCode).toBe(401);
    expect((await call('get?s=x')).statusCode).toBe(429);
  });

  it('limits early radio writes, and radio polls apart from them', async () => {
    const app = await start({ radioWritesPerMinute: 1, radioReadsPerMinute: 3 });
    const call = (path: string) => app.inject({ method: 'GET', url: `/api/v1/radio/${path}` });
    // The song has just started: these calls are early.
    expect((await call('setnewsong')).statusCode).toBe(200);
    expect((await call('setnewsong')).statusCode).toBe(429);
    for (let poll = 0; poll < 3; poll++) expect((await call('get')).statusCode).toBe(200);
    const refused = await call('get');
    expect(refused.json()).toMatchObject({ code: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits favourite calls per address', async () => {
    const app = await start({ favoritesPerMinute: 1, failedSignInsPerMinute: 100 });
    const getAll = () => app.inject({ method: 'GET', url: '/api/v1/favorite/getall' });
    expect((await getAll()).statusCode).toBe(401);
    expect((await getAll()).statusCode).toBe(429);
  });

  it('counts only failed sign-ins against their limit', async () => {
    const app = await start({ failedSignInsPerMinute: 2 });
    const withToken = () =>
      app.inject({
        method: 'GET',
        url: '/api/v1/favorite/getall',
        headers: { authorization: 'Bearer not-a-token' },
      });
    expect((await withToken()).statusCode).toBe(401);
    expect((await withToken()).statusCode).toBe(401);
    const refused = await withToken();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many failed sign-ins/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Calls that take no token are not affected.
    expect((await app.inject({ method: 'GET', url: '/api/v1/song/search?s=sky' })).statusCode).toBe(
      200,
    );
  });

  it('answers 503 with Retry-After while the event loop lags', async () => {
    // A limit well above what a loaded test machine's scheduling adds.
    const app = await start({ maxEventLoopDelayMs: 150, sampleIntervalMs: 200 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/playlist/all' })).statusCode).toBe(200);
    // Hold the event loop well past the limit, as a burst of heavy work would: the sampler, due
    // meanwhile, fires at least 300 ms late and runs before any timer set after the block.
    const until = Date.now() + 500;
    while (Date.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const busy = await app.inject({ method: 'GET', url: '/api/v1/playlist/all' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({
      code: 503,
      message: 'The server is busy. Please try again in a few seconds.',
      data: null,
    });
    expect(busy.headers['retry-after']).toBe('5');
  });

  it('answers again once the event loop keeps up', async () => {
    const app = await start({ maxEventLoopDelayMs: 150, sampleIntervalMs: 100 });
    await app.ready();
    const until = Date.now() + 500;
    while (Date.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await app.inject({ method: 'GET', url: '/api/v1/playlist/all' })).statusCode).toBe(503);
    // Two whole intervals with an idle loop: the lag reads small again.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await app.inject({ method: 'GET', url: '/api/v1/playlist/all' })).statusCode).toBe(200);
  });
});
