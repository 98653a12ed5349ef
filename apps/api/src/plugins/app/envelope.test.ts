import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';

/** The headers every API answer carries; answers written before any hook must carry them too. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'cross-origin-resource-policy',
];

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the connection's end. */
  elapsedMs: number;
}

/** Sends bytes as they are (no client library would send these) and reads the whole answer. */
function rawRequest(port: number, ...chunks: string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data) => (received += data));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body,
        elapsedMs: Date.now() - started,
      });
    });
  });
}

describe('answers written before any route runs', () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let port: number;
  let normalHeaders: Record<string, string | string[] | number | undefined>;
  const timeouts = { requestMs: 1_500, headersMs: 1_000, idleMs: 5_000 };

  beforeAll(async () => {
    harness = await buildTestApp('pglite', { timeouts });
    await harness.app.listen({ host: '127.0.0.1', port: 0 });
    port = (harness.app.server.address() as net.AddressInfo).port;
    normalHeaders = (await harness.app.inject({ method: 'GET', url: '/api/v1/playlist/all' }))
      .headers;
  });
  afterAll(() => harness.close());

  function expectEnvelope(answer: RawAnswer, code: number) {
    expect(answer.status).toBe(code);
    expect(JSON.parse(answer.body)).toMatchObject({ code, data: null });
    for (const name of SECURITY_HEADERS) {
      expect(answer.headers[name], name).toBe(normalHeaders[name]);
    }
  }

  it('answers a URL that does not decode with the envelope, never echoing it', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/v1/favorite/getall%ZZ?firebase_auth_token=SECRET-TOKEN HTTP/1.1\r\n' +
        'Host: localhost\r\nConnection: close\r\n\r\n',
    );
    expectEnvelope(answer, 400);
    expect(answer.body).not.toContain('SECRET-TOKEN');
    expect(answer.body).not.toContain('getall');
  });

  it('answers headers over the limit with a 431 envelope', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/v1/playlist/all HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(answer, 431);
  });

  it('answers an unknown method with an envelope', async () => {
    const answer = await rawRequest(port, 'FOO /api/v1/playlist/all HTTP/1.1\r\nHost: x\r\n\r\n');
    expectEnvelope(answer, 400);
    expect(JSON.parse(answer.body).message).toBe('This request method is not supported.');
  });

  it('answers a request without a Host with an envelope', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/v1/playlist/all HTTP/1.1\r\nConnection: close\r\n\r\n',
    );
    expectEnvelope(answer, 400);
    expect(JSON.parse(answer.body).message).toBe('The request has no Host header.');
  });

  it('answers unknown calls without echoing their path', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/v1/nothing-<script>?token=SECRET HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expectEnvelope(answer, 404);
    expect(answer.body).toBe('{"code":404,"message":"No such call.","data":null}');
  });

  it('does not hold a client that announces a body and stops sending', async () => {
    const answer = await rawRequest(
      port,
      'POST /api/v1/contact/request HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nab',
    );
    expectEnvelope(answer, 408);
    expect(answer.elapsedMs).toBeLessThan(timeouts.requestMs + 2_000);
  });

  it('does not hold a client that never finishes its headers', async () => {
    const answer = await rawRequest(port, 'GET /api/v1/playlist/all HTTP/1.1\r\nHost: loc');
    expectEnvelope(answer, 408);
    expect(answer.elapsedMs).toBeLessThan(timeouts.headersMs + 2_000);
  });
});
