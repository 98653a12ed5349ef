import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './errors.ts';

describe('authErrorMessage', () => {
  it.each([
    ['auth/wrong-password', 'The password is incorrect.'],
    ['auth/user-not-found', 'There is no account with this email address.'],
    ['auth/email-already-in-use', 'An account with this email address already exists.'],
    ['auth/invalid-credential', 'The email address or password is incorrect.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['auth/expired-action-code', 'This password reset link has expired. Please ask for a new one.'],
    [
      'auth/invalid-action-code',
      'This password reset link is invalid or has already been used. Please ask for a new one.',
    ],
    ['auth/requires-recent-login', 'For your security, please sign out, sign in again and retry.'],
    ['auth/user-disabled', 'This account has been disabled.'],
    ['auth/user-token-expired', 'Your session has expired. Please sign in again.'],
    [
      'auth/network-request-failed',
      'The sign-in service could not be reached. Check your connection and try again.',
    ],
  ])('explains %s', (code, message) => {
    expect(authErrorMessage({ code, message: `Firebase: Error (${code}).` })).toBe(message);
  });

  it("shows the identity service's own message for other codes, without the SDK's wrapping", () => {
    expect(
      authErrorMessage({
        code: 'auth/password-does-not-meet-requirements',
        message:
          'Firebase: Missing password requirements: [Password must contain an upper case character] (auth/password-does-not-meet-requirements).',
      }),
    ).toBe('Missing password requirements: [Password must contain an upper case character]');
  });

  it('has a message for failures that are not identity errors', () => {
    expect(authErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
