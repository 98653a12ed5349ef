import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { isApiPath } from '@fansite/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const youtubeFrames = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

interface SecurityOptions {
  /** Origins the pages call besides this server: the identity service (Firebase Auth). */
  identityOrigins: string[];
}

function helmetOptions(identityOrigins: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        // styled-components writes its rules into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        // The home page's community chat is Discord's widget.
        frameSrc: ["'self'", ...youtubeFrames, 'https://discord.com'],
        connectSrc: ["'self'", ...identityOrigins],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // YouTube refuses to play embeds whose requests carry no referrer at all.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  };
}

/**
 * Browser features no page of ours uses are switched off; the YouTube player keeps what it needs
 * to play (autoplay from song to song, full screen, picture-in-picture, protected media).
 */
const youtubeAllowList = `(self ${youtubeFrames.map((origin) => `"${origin}"`).join(' ')})`;
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
  `autoplay=${youtubeAllowList}`,
  `fullscreen=${youtubeAllowList}`,
  `picture-in-picture=${youtubeAllowList}`,
  `encrypted-media=${youtubeAllowList}`,
].join(', ');

/**
 * The headers helmet sets, as a plain map: for the answers Node or Fastify write before any hook
 * runs (a malformed request line, headers over the limit, a URL that does not decode), so those
 * carry the same headers as every other answer. Helmet sets them synchronously on any object with
 * `setHeader`.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** The security headers of the pages and files of the sites. */
export function securityHeaders(identityOrigins: string[]): Record<string, string> {
  return headersOf(helmetOptions(identityOrigins));
}

/**
 * The security headers of the API's answers (and of the envelopes written outside Fastify's hooks).
 * They are data, never a document: nothing in them may load, run or be framed, and a page's
 * policies (scripts, frames, the player's permissions) mean nothing there. Half a kilobyte less
 * on every call, a radio poll every 5 s from each listener among them.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': pageHeaders['strict-transport-security'] ?? '',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-site',
  };
}

/** IPv6 visitors get a /56 from their provider: rate limits count the block, not one address. */
function ipv6Block(address: string): string {
  const [head = '', tail] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const hextets = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts]
    .slice(0, 8)
    .map((part) => Number.parseInt(part || '0', 16));
  // 56 bits: three whole hextets and the high byte of the fourth.
  const kept = [...hextets.slice(0, 3), (hextets[3] ?? 0) & 0xff00];
  return `${kept.map((part) => part.toString(16)).join(':')}::/56`;
}

/**
 * The rate limiter's key: the visitor's address (their /56 for IPv6). A client that hung up before
 * its key was computed has no address any more: it gets a key of its own rather than failing the
 * request with a 500 that only the log would see.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'ip'>): string {
  let key = keysOfRequests.get(request);
  if (key === undefined) {
    key = keyOfAddress(request.ip?.toLowerCase());
    keysOfRequests.set(request, key);
  }
  return key;
}

/**
 * Each request's key, worked out once: behind a proxy `request.ip` parses X-Forwarded-For again
 * at every read, and a radio poll reads it for its limit and for its listener.
 */
const keysOfRequests = new WeakMap<object, string>();

function keyOfAddress(address: string | undefined): string {
  if (!address) return 'client-gone';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  return address.includes(':') ? ipv6Block(address) : address;
}

/** Security headers, and the rate limiter that routes opt into with `config.rateLimit`. */
async function securityPlugin(app: FastifyInstance, { identityOrigins }: SecurityOptions) {
  // Helmet's headers depend on its options alone: made once, not per request as @fastify/helmet
  // does (its policy strings are rebuilt on every call, a tenth of a catalogue read's time).
  const pageHeaders = securityHeaders(identityOrigins);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url.split('?')[0] ?? '') ? apiHeaders : pageHeaders);
    done();
  });

  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
      data: null,
    }),
  });
}

export default fp(securityPlugin, { name: 'security' });
