import type { AuthService, AuthUser } from './service.ts';

const authError = (code: string) => Object.assign(new Error(code), { code });

export interface FakeAuthService extends AuthService {
  /** Reset codes sent so far, by email address, as the emulator would list them. */
  readonly resetCodes: Map<string, string>;
  /** Verification codes sent so far, by email address. */
  readonly verificationCodes: Map<string, string>;
}

/**
 * An in-memory identity service for tests: accounts live in a map, passwords are compared as they
 * are, failures reject with the Firebase error codes the real SDK uses.
 */
export function createFakeAuthService(
  accounts: Record<string, string> = {},
  signedInEmail?: string,
  /** Accounts whose email is verified already. */
  verifiedEmails: string[] = [],
): FakeAuthService {
  const passwords = new Map(Object.entries(accounts));
  const resetCodes = new Map<string, string>();
  const verificationCodes = new Map<string, string>();
  const verified = new Set<string>(verifiedEmails);
  const listeners = new Set<(user: AuthUser | null) => void>();
  const userOf = (email: string): AuthUser => ({
    uid: `uid-${email}`,
    email,
    emailVerified: verified.has(email),
  });
  let current: AuthUser | null = signedInEmail ? userOf(signedInEmail) : null;

  const setCurrent = (user: AuthUser | null) => {
    current = user;
    for (const listener of listeners) listener(user);
  };
  const emailOfCode = (code: string) => {
    const entry = [...resetCodes].find(([, sent]) => sent === code);
    if (!entry) throw authError('auth/invalid-action-code');
    return entry[0];
  };

  return {
    resetCodes,
    verificationCodes,
    currentUser: async () => current,
    onUserChanged(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(current));
      return () => listeners.delete(listener);
    },
    getIdToken: async () => (current ? `token-of-${current.uid}` : null),
    async signUp(email, password) {
      if (passwords.has(email)) throw authError('auth/email-already-in-use');
      if (password.length < 6) throw authError('auth/weak-password');
      passwords.set(email, password);
      setCurrent(userOf(email));
    },
    async signIn(email, password) {
      if (passwords.get(email) !== password) throw authError('auth/invalid-credential');
      setCurrent(userOf(email));
    },
    async signOut() {
      setCurrent(null);
    },
    async sendPasswordReset(email) {
      if (passwords.has(email)) resetCodes.set(email, `code-${resetCodes.size + 1}`);
    },
    async verifyResetCode(code) {
      return emailOfCode(code);
    },
    async confirmReset(code, newPassword) {
      const email = emailOfCode(code);
      passwords.set(email, newPassword);
      resetCodes.delete(email);
    },
    async sendEmailVerification() {
      const email = current?.email;
      if (!email) throw authError('auth/user-token-expired');
      verificationCodes.set(email, `verify-${verificationCodes.size + 1}`);
    },
    async applyEmailVerification(code) {
      const entry = [...verificationCodes].find(([, sent]) => sent === code);
      if (!entry) throw authError('auth/invalid-action-code');
      verified.add(entry[0]);
      verificationCodes.delete(entry[0]);
      if (current?.email === entry[0]) setCurrent(userOf(entry[0]));
    },
    async changePassword(currentPassword, newPassword) {
      const email = current?.email;
      if (!email) throw authError('auth/user-token-expired');
      if (passwords.get(email) !== currentPassword) throw authError('auth/invalid-credential');
      passwords.set(email, newPassword);
    },
  };
}
