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
    ['auth/missing-email', 'Please enter your email address.'],
    ['auth/invalid-email', 'Please enter a valid email address, such as name@example.com.'],
    ['auth/missing-password', 'Please enter your password.'],
    ['auth/weak-password', 'The password must be at least 6 characters.'],
  ])('explains %s', (code, message) => {
    expect(authErrorMessage({ code, message: `Firebase: Error (${code}).` })).toBe(message);
  });

  it('names the password rules the identity service says were missed', () => {
    expect(
      authErrorMessage({
        code: 'auth/password-does-not-meet-requirements',
        message:
          'Firebase: Missing password requirements: [Password must contain an upper case character] (auth/password-does-not-meet-requirements).',
      }),
    ).toBe(
      'Please choose another password. Missing password requirements: [Password must contain an upper case character]',
    );
  });

  it('says something went wrong, in a sentence, for a code it does not know', () => {
    // What the SDK of a production build throws for a code without a text of its own.
    const unknown = {
      code: 'auth/some-new-code',
      message: 'Firebase: Error (auth/some-new-code).',
    };
    expect(authErrorMessage(unknown)).toBe('Something went wrong. Please try again.');
  });

  it('has a message for failures that are not identity errors', () => {
    expect(authErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
