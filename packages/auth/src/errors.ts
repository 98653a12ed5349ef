/**
 * What a person reads in the red box for each Firebase Auth error code (docs/product.md, messages):
 * the codes the specification lists, and those the identity service (and its emulator) answers to
 * a form's fields. The SDK's own texts are for developers, and in production builds are only
 * "Firebase: Error (auth/...)."; a code not listed gets a general sentence instead.
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
  'auth/missing-email': 'Please enter your email address.',
  'auth/invalid-email': 'Please enter a valid email address, such as name@example.com.',
  'auth/missing-password': 'Please enter your password.',
  'auth/weak-password': 'The password must be at least 6 characters.',
  'auth/operation-not-allowed': 'Signing in with an email address is not available right now.',
  'auth/admin-restricted-operation': 'New accounts cannot be created right now.',
  'auth/quota-exceeded': 'The sign-in service is busy. Please try again in a few minutes.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
  'auth/missing-action-code':
    'This password reset link is incomplete. Open the link from the email again, or ask for a new one.',
};

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The identity service tells which rules a password missed: the sentence names them. */
const PASSWORD_RULES_CODE = 'auth/password-does-not-meet-requirements';

/** The message to show for a failed identity call: always a sentence, never a bare code. */
export function authErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return FALLBACK_MESSAGE;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return FALLBACK_MESSAGE;
  if (code in authErrorMessages) return authErrorMessages[code]!;
  if (code === PASSWORD_RULES_CODE && typeof message === 'string') {
    // "Firebase: Missing password requirements: [...] (auth/...)." -> the part between.
    const rules = message.replace(/^Firebase:\s*/, '').replace(/\s*\(auth\/[\w-]+\)\.?$/, '');
    return `Please choose another password. ${rules}`;
  }
  return FALLBACK_MESSAGE;
}
