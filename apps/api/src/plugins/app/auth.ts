import type { AuthMode } from '@fansite/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import fp from 'fastify-plugin';
import { HttpError } from './envelope.ts';

/** The person a verified ID token names. */
export interface AuthenticatedUser {
  uid: string;
  email: string | null;
  /** The token's `email_verified` claim: only a verified email receives grants made by email. */
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's auth mode from the contract; the auth plugin acts on it. */
    auth?: AuthMode;
  }
  interface FastifyRequest {
    /** Set on calls whose auth mode is not 'none', when a valid token came with them. */
    user: AuthenticatedUser | null;
  }
}

export interface AuthOptions {
  /** The Firebase project whose ID tokens are accepted. */
  projectId: string;
  /** host:port of the Auth emulator; absent means the real Firebase (production). */
  emulatorHost?: string;
}

/** Where the browser's Firebase SDK sends its calls, for the content security policy. */
export function identityOrigins({ emulatorHost }: AuthOptions): string[] {
  return emulatorHost
    ? [`http://${emulatorHost}`]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
}

const SIGN_IN_AGAIN_MESSAGE = 'Please sign in again.';
const STAFF_ONLY_MESSAGE = 'This page is for the team only.';
export const SUBSCRIBERS_ONLY_MESSAGE =
  'Content locked: become a subscriber to support us and unlock all content.';

/** Header first (what the web apps send), then the query or form field of docs/calls.md. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  for (const fields of [request.query, request.body]) {
    if (fields && typeof fields === 'object' && 'firebase_auth_token' in fields) {
      const token = fields.firebase_auth_token;
      if (typeof token === 'string' && token) return token;
    }
  }
  return undefined;
}

/**
 * Verifies the Firebase ID token of every call whose contract says it takes one. A required call
 * without a valid token stops here with 401, before its input is even read; an optional call goes
 * on anonymously. The token itself is never logged or echoed back.
 */
async function authPlugin(app: FastifyInstance, { projectId, emulatorHost }: AuthOptions) {
  // firebase-admin reads the emulator's address only from the environment.
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const appName = `fansite-auth-${projectId}`;
  const firebaseApp =
    getApps().find((existing) => existing.name === appName) ??
    initializeApp({ projectId }, appName);
  const auth = getAuth(firebaseApp);
  // The emulator's tokens are unsigned: asking it whether the user exists (and is enabled) is what
  // tells a real emulator session from a hand-made token. Real tokens are checked by signature.
  const askEmulator = Boolean(emulatorHost);

  async function verify(token: string): Promise<AuthenticatedUser | null> {
    try {
      const decoded = await auth.verifyIdToken(token, askEmulator);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
      };
    } catch {
      return null;
    }
  }

  app.decorateRequest('user', null);
  // Only the calls that take a token get the hook: the public reads run no auth code at all.
  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth ?? 'none';
    if (mode === 'none') return;
    route.preValidation = [
      ...[route.preValidation ?? []].flat(),
      async (request: FastifyRequest) => {
        const token = tokenOf(request);
        const user = token ? await verify(token) : null;
        if (!user) {
          if (mode === 'optional') return;
          throw new HttpError(401, SIGN_IN_AGAIN_MESSAGE);
        }
        request.user = user;
        if (mode === 'optional') return;
        await app.users.ensure(user.uid, user.email, user.emailVerified);
        // Who subscribes is the server's record, never something the client claims.
        if (mode === 'subscriber' && !(await app.users.isSubscriber(user.uid))) {
          throw new HttpError(403, SUBSCRIBERS_ONLY_MESSAGE);
        }
        if (mode === 'staff' && !(await app.users.isStaff(user.uid))) {
          throw new HttpError(403, STAFF_ONLY_MESSAGE);
        }
      },
    ];
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['repositories'] });

/**
 * The signed-in user of a call whose auth mode is 'required', 'subscriber' or 'staff' (the hook
 * has let no one else in).
 */
export function signedInUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new HttpError(401, SIGN_IN_AGAIN_MESSAGE);
  return request.user;
}
