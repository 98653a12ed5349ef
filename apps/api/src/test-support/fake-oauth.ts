import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request to a fake service, its body read, and how to answer it. */
export interface FakeExchange {
  request: http.IncomingMessage;
  response: http.ServerResponse;
  url: URL;
  body: string;
  json(status: number, answer: unknown): void;
}

/**
 * A loopback server standing in for a service tests never reach: each request, its body read,
 * goes to `handle`. Answers are JSON of `contentType`.
 */
export async function startFakeService(
  handle: (exchange: FakeExchange) => void,
  { port = 0, contentType = 'application/json' }: { port?: number; contentType?: string } = {},
) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const json = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': contentType });
      response.end(JSON.stringify(answer));
    };
    let body = '';
    request.on('data', (chunk: Buffer) => (body += String(chunk)));
    request.on('end', () => handle({ request, response, url, body, json }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The OAuth2 authorization-code grant as Discord and Patreon run it (RFC 6749 4.1): the
 * authorize page approves at once and sends the browser back with a single-use code and the
 * state; the token endpoint checks the client, the code and the redirect address.
 */
export function fakeCodeGrant({
  clientId,
  clientSecret,
}: {
  clientId: string;
  clientSecret: string;
}) {
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  return {
    /** GET /oauth2/authorize: redirects back to `redirect_uri` with a code, or an error. */
    authorize({ url, response }: FakeExchange) {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      if (url.searchParams.get('client_id') !== clientId) {
        back.searchParams.set('error', 'invalid_client');
      } else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, redirectUri);
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      response.end();
    },
    /** POST /api/oauth2/token: a new access token for a valid code, null otherwise. */
    token(form: URLSearchParams): string | null {
      const code = form.get('code') ?? '';
      const valid =
        form.get('client_id') === clientId &&
        form.get('client_secret') === clientSecret &&
        form.get('grant_type') === 'authorization_code' &&
        codes.get(code) === form.get('redirect_uri');
      codes.delete(code);
      if (!valid) return null;
      const token = randomBytes(12).toString('hex');
      tokens.add(token);
      return token;
    },
    /** Whether a request carries a token this grant gave out. */
    isAuthorized(request: http.IncomingMessage): boolean {
      return tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    },
  };
}
