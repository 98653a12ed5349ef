/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A real Firebase project's web configuration; unset builds use the local Auth emulator. */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Where the browser reaches the Auth emulator (http://127.0.0.1:9099 by default). */
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
}
