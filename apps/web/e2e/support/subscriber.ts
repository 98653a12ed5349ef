import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The account the end-to-end tests use as a subscriber: granted before the server starts. The
 * shared Auth emulator may already know it from an earlier run, so tests sign it up or sign in.
 */
export const E2E_SUBSCRIBER_EMAIL = 'e2e-subscriber@example.com';
export const E2E_SUBSCRIBER_PASSWORD = 'subscriber-secret';

/**
 * Marks an emulator account's email verified, as opening the identity service's verification
 * link does (grants by email apply only to verified addresses). The emulator takes the project
 * owner's word for it.
 */
export async function verifyEmailInEmulator(
  request: APIRequestContext,
  emulator: string,
  { email, password }: { email: string; password: string },
) {
  const signIn = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(signIn.ok()).toBe(true);
  const { localId } = (await signIn.json()) as { localId: string };
  const update = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
    { data: { localId, emailVerified: true }, headers: { authorization: 'Bearer owner' } },
  );
  expect(update.ok()).toBe(true);
}
