import type { PlaywrightTestConfig } from '@playwright/test';

export function defineE2eConfig(options: {
  port: number;
  /** Names the test's own data folder. */
  name: string;
  /** The host the pages are opened on (`fm.localhost` for the radio); localhost by default. */
  host?: string;
  /** A catalogue JSON file loaded instead of the demo catalogue. */
  catalogueFile?: string;
  /** More environment for the API server (an OAuth provider's address, say). */
  serverEnv?: Record<string, string>;
  /** More processes the tests need (a fake OAuth provider, say), started in the repository root. */
  extraServers?: NonNullable<PlaywrightTestConfig['webServer']> extends infer Server
    ? Server extends unknown[]
      ? Server[number][]
      : Server[]
    : never;
}): PlaywrightTestConfig;

/** The E2E_PORT_OFFSET of this checkout (0 when unset). */
export declare function portOffset(): number;

/** host:port of the Firebase Auth emulator the end-to-end tests run against. */
export declare const AUTH_EMULATOR_HOST: string;
