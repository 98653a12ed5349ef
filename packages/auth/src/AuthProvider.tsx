import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { AuthService, AuthUser } from './service.ts';

export interface AuthState {
  /** The signed-in user; null when signed out or not known yet. */
  user: AuthUser | null;
  /** False until the saved session has been restored: do not decide "signed out" before. */
  ready: boolean;
  service: AuthService;
}

/**
 * The session as the identity service last reported it, outside React. Each component that reads
 * it subscribes itself (`useAuth`), rather than the provider passing it down as context: a new
 * context value reaches every part of a rendered page React has not adopted yet (it adopts a
 * route's content after the rest) and makes React adopt each at once, in one task. The first
 * report comes just then, as the app takes over: the page's whole content was one task of
 * 150-200 ms on a phone with a 4x slower CPU. A part not adopted yet subscribes once it is.
 */
function createSessionStore(service: AuthService) {
  // What a page rendered on the server shows, and the browser while it adopts that page.
  const notKnown: AuthState = { user: null, ready: false, service };
  let session = notKnown;
  const listeners = new Set<() => void>();
  return {
    notKnown: () => notKnown,
    get: () => session,
    report(user: AuthUser | null) {
      session = { user, ready: true, service };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const AuthContext = createContext<ReturnType<typeof createSessionStore> | null>(null);

export interface AuthProviderProps {
  service: AuthService;
  /**
   * Called when the signed-in person is gone: signed out (here, in another tab, or by the
   * identity service) or replaced by someone else. What they read must go with them.
   */
  onSignOut?: () => void;
  children: ReactNode;
}

/** Shares the signed-in user with every component below, updated on sign-in and sign-out. */
export function AuthProvider({ service, onSignOut, children }: AuthProviderProps) {
  const store = useMemo(() => createSessionStore(service), [service]);
  const signOutListener = useRef(onSignOut);
  useEffect(() => {
    signOutListener.current = onSignOut;
  });
  useEffect(() => {
    let previous: AuthUser | null = null;
    return service.onUserChanged((user) => {
      if (previous && previous.uid !== user?.uid) signOutListener.current?.();
      previous = user;
      store.report(user);
    });
  }, [service, store]);
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

/** The signed-in user and the identity actions; only below an AuthProvider. */
export function useAuth(): AuthState {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used below an AuthProvider');
  return useSyncExternalStore(store.subscribe, store.get, store.notKnown);
}
