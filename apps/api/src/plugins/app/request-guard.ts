import { API_PREFIX, calls, isApiPath, type CallDefinition } from '@fansite/contract';
import { brandIdForHost } from '@fansite/brand-config';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  preValidationHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { sendEnvelope } from './envelope.ts';

/**
 * Rules every call of the contract shares, whatever its route file does: they act on what the
 * contract says about a call (method, input kind, auth mode), so a call added later follows them.
 */

const callsByRoute = new Map<string, CallDefinition>(
  Object.values(calls).map((call) => [`${call.method} ${API_PREFIX}${call.path}`, call]),
);

function callOf(request: FastifyRequest): CallDefinition | undefined {
  const { url, method } = request.routeOptions;
  if (!url) return undefined;
  return callsByRoute.get(`${Array.isArray(method) ? method[0] : method} ${url}`);
}

/** Methods that only read: browsers send them cross-site freely, and nothing changes. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser sent this request for a page of another site. Fetch metadata says so outright in
 * current browsers; otherwise the Origin must be one of this deployment's own origins (its www.,
 * fm. and subscriber sites call the API of their own deployment). Only the configured origins
 * count: a shared registrable domain proves nothing (`evil.co.uk` and `nightcore.co.uk` share
 * `co.uk`). Requests without either (curl, servers, the tests) are no forgery: a page cannot make
 * a browser omit them.
 */
function isCrossSite(app: FastifyInstance, request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (!app.publicSites.isOwnOrigin(origin)) return true;
  // One brand's pages call their own brand's API, never the other's.
  return brandIdForHost(new URL(origin).host) !== brandIdForHost(request.headers.host ?? '');
}

/** The encodings the contract's bodies come in; a browser form sends one of them. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/** The first field of a query or form that was sent more than once. */
function repeatedField(fields: unknown): string | undefined {
  if (!fields || typeof fields !== 'object' || Buffer.isBuffer(fields)) return undefined;
  return Object.entries(fields).find(([, value]) => Array.isArray(value))?.[0];
}

async function requestGuardPlugin(app: FastifyInstance) {
  // Sync hooks, and the route's own where a rule is about its call: every read passes here.
  app.addHook('onRequest', (request, reply, done) => {
    // HTTP/1.1 requires a Host; the site, the brand and the cross-site check are all read from it.
    if (!request.headers.host) {
      sendEnvelope(reply, 400, 'The request has no Host header.');
      return;
    }
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url.split('?')[0] ?? '')) {
      return done();
    }
    if (isCrossSite(app, request)) {
      sendEnvelope(reply, 403, 'Requests from other websites are not accepted.');
      return;
    }
    const call = callOf(request);
    if (call?.method === 'POST' && hasBody(request)) {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!FORM_TYPES.includes(type)) {
        sendEnvelope(
          reply,
          415,
          'Send this form as multipart/form-data or application/x-www-form-urlencoded.',
        );
        return;
      }
    }
    done();
  });

  const refuseRepeatedFields: preValidationHookHandler = (request, reply, done) => {
    const field = repeatedField(request.query) ?? repeatedField(request.body);
    if (field === undefined) return done();
    sendEnvelope(reply, 400, `Invalid request: ${field}: send this field only once`);
  };
  // An answer about a signed-in person (their favourites, their account) is theirs alone: no
  // browser cache, shared proxy or back-forward cache keeps it.
  const keepPrivate: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    // The auth mode comes with the route's config, which the HEAD route of a GET shares.
    if ((route.config?.auth ?? 'none') !== 'none') {
      route.onSend = [...[route.onSend ?? []].flat(), keepPrivate];
    }
    if (callsByRoute.has(`${[route.method].flat()[0]} ${route.url}`)) {
      route.preValidation = [...[route.preValidation ?? []].flat(), refuseRepeatedFields];
    }
  });
  // Any other call sent with a token is kept private too (the token says whose it is).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization !== undefined && isApiPath(request.url.split('?')[0] ?? '')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

export default fp(requestGuardPlugin, {
  name: 'request-guard',
  dependencies: ['envelope', 'auth'],
});
