import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { DEFAULT_AUTH_EMULATOR_HOST, EMULATOR_PROJECT_ID } from '../config.ts';
import type { AuthOptions } from '../plugins/app/auth.ts';

/** What the API tests give the app: the emulator the global setup started or found. */
export const testAuthOptions = (): AuthOptions => ({
  projectId: EMULATOR_PROJECT_ID,
  emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_AUTH_EMULATOR_HOST,
});

const identityToolkit = (call: string) =>
  `http://${testAuthOptions().emulatorHost}/identitytoolkit.googleapis.com/v1/${call}?key=test-api-key`;

export interface TestUser {
  uid: string;
  email: string;
  /** A real emulator ID token, as the browser's Firebase SDK would send it. */
  idToken: string;
}

const TEST_PASSWORD = 'correct-horse';

async function emulatorCall<T>(call: string, body: unknown, admin = false): Promise<T> {
  const response = await fetch(identityToolkit(call), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(admin ? { authorization: 'Bearer owner' } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${call} failed: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Signs a new user up in the emulator, as the signup page does. The email is verified (as after
 * the person opened the identity service's verification link) unless `verified` is false.
 */
export async function createTestUser({
  verified = true,
  email = `user-${randomBytes(6).toString('hex')}@example.com`,
}: { verified?: boolean; email?: string } = {}): Promise<TestUser> {
  const signedUp = await emulatorCall<{ localId: string; idToken: string }>('accounts:signUp', {
    email,
    password: TEST_PASSWORD,
    returnSecureToken: true,
  });
  const user = { uid: signedUp.localId, email, idToken: signedUp.idToken };
  return verified ? verifyTestUserEmail(user) : user;
}

/** Marks the user's email verified and signs in again: the new token carries the claim. */
export async function verifyTestUserEmail(user: TestUser): Promise<TestUser> {
  await emulatorCall('accounts:update', { localId: user.uid, emailVerified: true }, true);
  const signedIn = await emulatorCall<{ idToken: string }>('accounts:signInWithPassword', {
    email: user.email,
    password: TEST_PASSWORD,
    returnSecureToken: true,
  });
  return { ...user, idToken: signedIn.idToken };
}

/** Disables a user in the emulator, as an administrator would. */
export async function disableTestUser(user: TestUser): Promise<void> {
  const response = await fetch(identityToolkit('accounts:update'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: user.uid, disableUser: true }),
  });
  if (!response.ok) throw new Error(`emulator update failed: ${await response.text()}`);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/** An unsigned token like the emulator's, with some claims changed. */
export function tamperedToken(token: string, changes: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claimsOf(token), ...changes })}.`;
}

/** A token signed with a key Firebase never issued, as an attacker could make. */
export function selfSignedToken(token: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT', kid: 'forged' })}.${base64url(claimsOf(token))}`;
  const signature = sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

/** Makes a test user a subscriber, as the operator command does. */
export async function grantSubscriber(database: { db: AppDb }, email: string): Promise<void> {
  await database.db.execute(
    sql`INSERT INTO subscriber_grants (email, source) VALUES (lower(${email}), 'operator')
        ON CONFLICT (email) DO NOTHING`,
  );
}

/** Puts a test user on the team, as the operator command does. */
export async function grantStaff(database: { db: AppDb }, email: string): Promise<void> {
  await database.db.execute(
    sql`INSERT INTO staff_members (email) VALUES (lower(${email})) ON CONFLICT (email) DO NOTHING`,
  );
}
