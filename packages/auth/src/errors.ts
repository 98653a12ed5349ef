/**
 * What a person reads in the red box for each Firebase Auth error code (docs/product.md, messages). Codes
 * not listed show the identity service's own message, as the specification asks.
 */
export const authErrorMessages: Record<string, string> = {
  'auth/wrong-password': 'The password is incorrect.',
  'auth/user-not-found': 'There is no account with this email address.',
  'auth/invalid-credential': 'The email address or password is incorrect.',
  'auth/email-already-in-use': 'An account with this email address already exists.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/expired-action-code': 'This password reset link has expired. Please ask for a new one.',
  'auth/invalid-action-code':
    'This password reset link is invalid or has already been used. Please ask for a new one.',
  'auth/requires-recent-login': 'For your security, please sign out, sign in again and retry.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-token-expired': 'Your session has expired. Please sign in again.',
  'auth/network-request-failed':
    'The sign-in service could not be reached. Check your connection and try again.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/weak-password': 'The password must be at least 6 characters long.',
};

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The message to show for a failed identity call. */
export function authErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return FALLBACK_MESSAGE;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && code in authErrorMessages) return authErrorMessages[code]!;
  if (typeof message === 'string' && message) {
    // The SDK prefixes its messages with "Firebase: " and suffixes them with the code.
    return message.replace(/^Firebase:\s*/, '').replace(/\s*\(auth\/[\w-]+\)\.?$/, '') || message;
  }
  return FALLBACK_MESSAGE;
}
