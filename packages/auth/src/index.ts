export { AuthProvider, useAuth, type AuthProviderProps, type AuthState } from './AuthProvider.tsx';
export { authErrorMessage, authErrorMessages } from './errors.ts';
export { createFirebaseAuthService, type FirebaseAuthConfig } from './firebase.ts';
export type { AuthService, AuthUser } from './service.ts';
