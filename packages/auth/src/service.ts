/** The signed-in person, as the site shows them. */
export interface AuthUser {
  uid: string;
  email: string | null;
  /** Whether the person opened the identity service's verification link for this email. */
  emailVerified: boolean;
}

/**
 * Every identity action of docs/calls.md. Failures reject with the identity service's error;
 * `authErrorMessage` turns it into the text to show. Tests give the app a fake of this interface.
 */
export interface AuthService {
  /** The signed-in user once the saved session (if any) has been restored. */
  currentUser(): Promise<AuthUser | null>;
  /** Called with the user now and on every sign-in and sign-out; returns the unsubscribe. */
  onUserChanged(listener: (user: AuthUser | null) => void): () => void;
  /** The user's ID token for the API, renewed by the SDK 5 minutes before it expires. */
  getIdToken(): Promise<string | null>;
  signUp(email: string, password: string): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** Checks a reset code and gives the email address of its account. */
  verifyResetCode(code: string): Promise<string>;
  confirmReset(code: string, newPassword: string): Promise<void>;
  /**
   * Sends the identity service's verification email to the signed-in user; its link opens
   * `continueUrl` (the site's verification page) once applied.
   */
  sendEmailVerification(continueUrl: string): Promise<void>;
  /**
   * Applies the code of a verification link, then (when signed in) reloads the user and renews
   * the ID token, so the API sees the verified email at once and listeners get the change.
   */
  applyEmailVerification(code: string): Promise<void>;
  /** Re-authenticates with the current password, then sets the new one. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}
