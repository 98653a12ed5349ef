import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AuthService, AuthUser } from './service.ts';

export interface AuthState {
  /** The signed-in user; null when signed out or not known yet. */
  user: AuthUser | null;
  /** False until the saved session has been restored: do not decide "signed out" before. */
  ready: boolean;
  service: AuthService;
}

const AuthContext = createContext<AuthState | null>(null);

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
  const [state, setState] = useState<{ user: AuthUser | null; ready: boolean }>({
    user: null,
    ready: false,
  });
  const signOutListener = useRef(onSignOut);
  useEffect(() => {
    signOutListener.current = onSignOut;
  });
  useEffect(() => {
    let previous: AuthUser | null = null;
    return service.onUserChanged((user) => {
      if (previous && previous.uid !== user?.uid) signOutListener.current?.();
      previous = user;
      setState({ user, ready: true });
    });
  }, [service]);
  return <AuthContext.Provider value={{ ...state, service }}>{children}</AuthContext.Provider>;
}

/** The signed-in user and the identity actions; only below an AuthProvider. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used below an AuthProvider');
  return state;
}
