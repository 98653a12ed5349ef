/**
 * The account the end-to-end tests use as a subscriber: granted before the server starts. The
 * shared Auth emulator may already know it from an earlier run, so tests sign it up or sign in.
 */
export const E2E_SUBSCRIBER_EMAIL = 'e2e-subscriber@example.com';
export const E2E_SUBSCRIBER_PASSWORD = 'subscriber-secret';
