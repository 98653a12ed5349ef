import type { PlaywrightTestConfig } from '@playwright/test';

export function defineE2eConfig(options: {
  port: number;
  /** Names the test's own data folder. */
  name: string;
  /** The host the pages are opened on (`fm.localhost` for the radio); localhost by default. */
  host?: string;
  /** A catalogue JSON file loaded instead of the demo catalogue. */
  catalogueFile?: string;
  /** Emails granted the subscriber role in the fresh database, for tests that sign up with them. */
  subscriberEmails?: string[];
}): PlaywrightTestConfig;

/** host:port of the Firebase Auth emulator the end-to-end tests run against. */
export declare const AUTH_EMULATOR_HOST: string;
