import { authErrorMessages } from '@fansite/auth';

/** Texts of docs/product.md (validation, messages) for the password forms. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const FILL_IN_CURRENT_PASSWORD = 'Please fill in the current password field';
export const FILL_IN_BOTH_NEW_PASSWORDS = 'Please fill in both new password fields';
export const PASSWORD_UPDATED =
  'Password updated successfully. This will take effect the next time you log in.';
/** Shown in green on the login page once a password has been reset. */
export const PASSWORD_RESET_SUCCESS = 'Password reset successfully';
/** Shown in green on the login page after sign-up. */
export const ACCOUNT_CREATED = 'Your account has been created. Please sign in.';
/**
 * The forgot-password answer, whether or not an account exists for the address: the page must not
 * tell a stranger which addresses have accounts here.
 */
export const RESET_EMAIL_SENT =
  'If an account exists for this email address, a link to reset its password is on its way. Check your email.';
/** /reset-password opened without the code of the emailed link. */
export const RESET_LINK_INCOMPLETE =
  'This password reset link is incomplete. Open the link from the email again, or ask for a new one.';
/**
 * The page's own checks, made before the identity service is asked anything, in the words the
 * identity service's answer to the same slip would show.
 */
export const ENTER_EMAIL = authErrorMessages['auth/missing-email']!;
export const EMAIL_MALFORMED = authErrorMessages['auth/invalid-email']!;
export const ENTER_PASSWORD = authErrorMessages['auth/missing-password']!;
export const PASSWORD_TOO_SHORT = authErrorMessages['auth/weak-password']!;
