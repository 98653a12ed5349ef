import { hasSavedSession } from './saved-session.ts';
import type { AuthService, AuthUser } from './service.ts';

/** A Firebase project's web configuration; `emulatorUrl` points every call at the Auth emulator. */
export interface FirebaseAuthConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  appId?: string;
  emulatorUrl?: string;
}

/** Thrown when an action needs a signed-in user and there is none. */
const notSignedIn = () =>
  Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });

const toAuthUser = (
  user: { uid: string; email: string | null; emailVerified: boolean } | null,
): AuthUser | null =>
  user ? { uid: user.uid, email: user.email, emailVerified: user.emailVerified } : null;

/**
 * The Firebase Auth SDK behind `AuthService`. The SDK is loaded on first use, outside the page's
 * first script: pages that never touch an account do not wait for it. Reading who is signed in
 * (`currentUser`, `onUserChanged`, `getIdToken`) is no use of it while the browser holds no saved
 * session (`hasSavedSession`): the answer is nobody, at once. An action (signing in or up, a
 * reset) loads it; so does a session saved meanwhile by another tab, looked for again whenever the
 * page is shown.
 */
export function createFirebaseAuthService(config: FirebaseAuthConfig): AuthService {
  // Started by the first call, not when the service is created: the app creates it with its first
  // script, and the SDK (a third of that script's size again) would otherwise download and start
  // while the page is being taken over. The first call comes from the app's auth provider, once the
  // page is on screen.
  let loading: ReturnType<typeof load> | undefined;
  let markLoading = () => {};
  /** Resolves once something has started loading the SDK. */
  const loadingStarted = new Promise<void>((resolve) => {
    markLoading = resolve;
  });
  const loaded = () => {
    if (!loading) {
      loading = load();
      markLoading();
    }
    return loading;
  };
  // Looked for once: a session saved later by another tab is `onUserChanged`'s to find.
  let savedSession: Promise<boolean> | undefined;
  /** Whether reading the user needs the SDK: it is loaded already, or a session is saved. */
  const sessionToRead = async () =>
    loading !== undefined || (savedSession ??= hasSavedSession(config.apiKey));
  const load = async () => {
    const [{ initializeApp }, sdk] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const { emulatorUrl, ...options } = config;
    const auth = sdk.initializeAuth(initializeApp(options), {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
    });
    if (emulatorUrl) sdk.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
    await auth.authStateReady();
    return { auth, sdk };
  };

  const signedIn = async () => {
    const { auth, sdk } = await loaded();
    if (!auth.currentUser) throw notSignedIn();
    return { auth, sdk, user: auth.currentUser };
  };

  return {
    async currentUser() {
      if (!(await sessionToRead())) return null;
      return toAuthUser((await loaded()).auth.currentUser);
    },
    onUserChanged(listener) {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      const follow = () =>
        void loaded().then(({ auth, sdk }) => {
          // ID token changes include sign-in and sign-out, and the renewal after the email is
          // verified, which is how the verified state reaches the page without a reload.
          if (!cancelled && !unsubscribe)
            unsubscribe = sdk.onIdTokenChanged(auth, (user) => listener(toAuthUser(user)));
        });
      // Nobody signed in here: the SDK is followed once something loads it (a sign-in on this
      // page) or once the page, shown again, finds a session another tab saved.
      const lookAgain = () => {
        if (document.visibilityState !== 'visible' || loading) return;
        void hasSavedSession(config.apiKey).then((saved) => {
          if (saved && !cancelled) void loaded();
        });
      };
      void sessionToRead().then((saved) => {
        if (cancelled) return;
        if (saved) {
          follow();
          return;
        }
        listener(null);
        void loadingStarted.then(follow);
        document.addEventListener('visibilitychange', lookAgain);
      });
      return () => {
        cancelled = true;
        document.removeEventListener('visibilitychange', lookAgain);
        unsubscribe?.();
      };
    },
    async getIdToken() {
      if (!(await sessionToRead())) return null;
      const { auth } = await loaded();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    async signUp(email, password) {
      const { auth, sdk } = await loaded();
      await sdk.createUserWithEmailAndPassword(auth, email, password);
    },
    async signIn(email, password) {
      const { auth, sdk } = await loaded();
      await sdk.signInWithEmailAndPassword(auth, email, password);
    },
    async signOut() {
      const { auth, sdk } = await loaded();
      await sdk.signOut(auth);
    },
    async sendPasswordReset(email) {
      const { auth, sdk } = await loaded();
      await sdk.sendPasswordResetEmail(auth, email);
    },
    async verifyResetCode(code) {
      const { auth, sdk } = await loaded();
      return sdk.verifyPasswordResetCode(auth, code);
    },
    async confirmReset(code, newPassword) {
      const { auth, sdk } = await loaded();
      await sdk.confirmPasswordReset(auth, code, newPassword);
    },
    async sendEmailVerification(continueUrl) {
      const { sdk, user } = await signedIn();
      await sdk.sendEmailVerification(user, { url: continueUrl });
    },
    async applyEmailVerification(code) {
      const { auth, sdk } = await loaded();
      await sdk.applyActionCode(auth, code);
      if (auth.currentUser) {
        await auth.currentUser.reload();
        await auth.currentUser.getIdToken(true);
      }
    },
    async changePassword(currentPassword, newPassword) {
      const { sdk, user } = await signedIn();
      if (!user.email) throw notSignedIn();
      await sdk.reauthenticateWithCredential(
        user,
        sdk.EmailAuthProvider.credential(user.email, currentPassword),
      );
      await sdk.updatePassword(user, newPassword);
    },
  };
}
