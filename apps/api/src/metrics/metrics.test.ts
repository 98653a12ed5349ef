import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/app.ts';

const TOKEN = 'f'.repeat(24) + '0123456789abcdef0123456789abcdef';

describe('GET /metrics', () => {
  const logText: string[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let unset: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp('pglite', {
      metricsToken: TOKEN,
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logText.push(String(chunk));
          done();
        },
      }),
    });
    unset = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await harness.close();
    await unset.close();
  });

  const scrape = (app = harness.app, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/metrics', headers });
  const withToken = (token: string, host = 'localhost') => ({
    authorization: `Bearer ${token}`,
    host,
  });

  it('does not exist without the token, with a wrong one, or when no token is set', async () => {
    for (const answer of [
      await scrape(),
      await scrape(harness.app, withToken(`${TOKEN}x`)),
      await scrape(harness.app, withToken(TOKEN.slice(0, -1))),
      await scrape(harness.app, { authorization: TOKEN }),
      await scrape(unset.app, withToken(TOKEN)),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: 404, message: 'No such call.', data: null });
      expect(answer.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, with their latency, on any host', async () => {
    await harness.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    await harness.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    await harness.app.inject({ method: 'GET', url: '/api/v1/no-such-call?token=secret-value' });

    for (const host of ['localhost', 'fm.localhost', 'www.localhost']) {
      const answer = await scrape(harness.app, withToken(TOKEN, host));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const text = (await scrape(harness.app, withToken(TOKEN))).body;
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/v1/health/ready",status="200"} 2',
    );
    expect(text).toContain('http_requests_total{method="GET",route="/*",status="404"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/v1\/health\/ready",status="200"\} 2/,
    );
    expect(text).not.toContain('secret-value');
    expect(text).not.toContain('no-such-call');
    expect(logText.join('')).not.toContain(TOKEN);
  });

  it('reports the process, the catalogue, the radio, the song maker and the page cache', async () => {
    await harness.app.inject({ method: 'GET', url: '/api/v1/radio/get?listener=metrics-test-1' });
    await harness.app.radio.flush();
    const text = (await scrape(harness.app, withToken(TOKEN))).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toContain('fansite_catalogue_songs{brand="nightcore"} 5');
    expect(text).toMatch(/^fansite_catalogue_version [1-9]\d*$/m);
    expect(text).toMatch(/^fansite_radio_listeners\{station="[^"]+"\} 1$/m);
    expect(text).toContain('fansite_maker_queue_depth{state="running"} 0');
    expect(text).toContain('fansite_maker_queue_depth{state="waiting"} 0');
    expect(text).toContain('# TYPE fansite_maker_conversion_seconds histogram');
    expect(text).toContain('# TYPE fansite_page_cache_lookups_total counter');
  });
});
