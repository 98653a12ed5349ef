import type { PlaywrightTestConfig } from '@playwright/test';

/** One server Playwright starts and waits for. */
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

export function defineE2eConfig(options: {
  port: number;
  /** Names the test's own data folder. */
  name: string;
  /** The host the pages are opened on (`fm.localhost` for the radio); localhost by default. */
  host?: string;
  /** A catalogue JSON file loaded instead of the demo catalogue, as a path from the repository's root. */
  catalogueFile?: string;
  /** More environment for the API server, given the app's port (offset included). */
  serverEnv?: (port: number) => Record<string, string>;
  /** Servers started before the API server (fakes of outside services), given the app's port. */
  servers?: (port: number) => WebServer[];
  /** Emails granted the subscriber role in the fresh database, for tests that sign up with them. */
  subscriberEmails?: string[];
  /** One test at a time, for tests that count what the others do (the radio's listeners). */
  oneAtATime?: boolean;
}): PlaywrightTestConfig;

/** The API's folder, where a fake of an outside service (`servers`) is started from. */
export declare const API_FOLDER: string;

/** The data folder of app `name`'s end-to-end server (`.data/e2e-NAME`). */
export declare function e2eDataDir(name: string): string;

/**
 * Runs the built operator command `command` (`subscriber`, `staff`, `catalog`) with `args` on app
 * `name`'s end-to-end server, as `pnpm --filter @fansite/api COMMAND ARGS` does; returns its output.
 */
export declare function runOperatorCommand(name: string, command: string, args: string[]): string;

/** host:port of the Firebase Auth emulator the end-to-end tests run against. */
export declare const AUTH_EMULATOR_HOST: string;
