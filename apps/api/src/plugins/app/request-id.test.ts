import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';

describe('request ids', () => {
  const logLines: Record<string, unknown>[] = [];
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp('pglite', {
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
          done();
        },
      }),
    });
  });
  afterAll(() => harness.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url, headers });
  const linesOf = (id: string) => logLines.filter((line) => line.reqId === id);

  it('keeps a safe id a proxy sent, answers with it and logs every line of the request with it', async () => {
    const before = logLines.length;
    const response = await get('/api/v1/health/ready', { 'x-request-id': 'edge-7f3a.91_b:2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('edge-7f3a.91_b:2');
    const lines = logLines.slice(before);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((line) => line.reqId === 'edge-7f3a.91_b:2')).toBe(true);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with markup', '<script>alert(1)</script>'],
    ['with spaces', 'id with spaces'],
  ])('replaces an id %s with one of its own', async (_kind, sent) => {
    const response = await get('/api/v1/health/ready', { 'x-request-id': sent });
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(id).length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(logLines)).not.toContain(sent);
  });

  it('gives each request without one an id of its own, errors and unknown calls included', async () => {
    const first = await get('/api/v1/no-such-call');
    const second = await get('/api/v1/no-such-call');
    expect(first.statusCode).toBe(404);
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(linesOf(ids[0] as string).length).toBeGreaterThanOrEqual(2);
  });
});
