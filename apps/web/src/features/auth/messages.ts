/** Texts of docs/product.md (validation, messages) for the password forms. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const FILL_IN_CURRENT_PASSWORD = 'Please fill in the current password field';
export const FILL_IN_BOTH_NEW_PASSWORDS = 'Please fill in both new password fields';
export const PASSWORD_UPDATED =
  'Password updated successfully. This will take effect the next time you log in.';
/** Shown in green on the login page once a password has been reset. */
export const PASSWORD_RESET_SUCCESS = 'Password reset successfully';
