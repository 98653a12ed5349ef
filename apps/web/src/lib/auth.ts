import { createFirebaseAuthService } from '@fansite/auth';

const env = import.meta.env;

/**
 * Firebase Auth for this site. A build given a real project (VITE_FIREBASE_* at build time) uses it;
 * a build without one is the embedded default and talks to the local Auth emulator that the start
 * and test commands run, under the same `demo-` project the server accepts.
 */
export const authService = createFirebaseAuthService(
  env.VITE_FIREBASE_API_KEY
    ? {
        apiKey: env.VITE_FIREBASE_API_KEY,
        authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
        projectId: env.VITE_FIREBASE_PROJECT_ID,
        appId: env.VITE_FIREBASE_APP_ID,
      }
    : {
        apiKey: 'demo-api-key',
        projectId: 'demo-fansite',
        emulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099',
      },
);
