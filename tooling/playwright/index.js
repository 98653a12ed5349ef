import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Two checkouts on one machine run their end-to-end tests on ports this far apart. */
const portOffset = () => Number(process.env.E2E_PORT_OFFSET ?? 0);

/**
 * Three browsers at once: a test spends much of its time waiting on the server, the identity
 * service or the fake player, so the others use what a 2-core machine has left; with two the
 * main site's run left a core idle a seventh of the time (docs/end-to-end.md). `--workers=1` on
 * the command line runs one test at a time.
 */
const WORKERS = 3;

/**
 * The API's folder, where a fake of an outside service is started from. It and the other paths an
 * app's config names (`catalogueFile`, from the repository's root) are resolved in this module, so
 * that the config imports no Node module: the app's type-aware lint, which also type-checks it,
 * reads it with the browser's types.
 */
export const API_FOLDER = path.join(repoRoot, 'apps/api');

/** The data folder of app `name`'s end-to-end server. */
export const e2eDataDir = (name) => path.join(repoRoot, '.data', `e2e-${name}`);

/**
 * A migrated, empty data folder the end-to-end servers start as copies of, when it is there: the
 * test command makes it (scripts/test.sh) while the other tests run. A server's first start on an
 * empty folder creates and migrates its database, 4-5 s on one core, which each app's run waited
 * for before its first test; a copy takes a tenth of a second. One left from an earlier run is
 * only older: the server applies the migrations it lacks.
 */
const dataTemplate = e2eDataDir('template');

/**
 * Runs an operator command (`subscriber grant EMAIL`, say) on app `name`'s end-to-end server, as
 * the operator's `pnpm --filter @fansite/api subscriber grant EMAIL` does, and returns what it
 * printed. It runs the built command, the code the server runs, which starts in a third of the
 * time pnpm and the TypeScript loader take: a test waits for it.
 */
export function runOperatorCommand(name, command, args) {
  return execFileSync('node', [path.join(API_FOLDER, 'dist', `${command}.js`), ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir(name) },
    encoding: 'utf8',
  });
}

/** Where the built web apps (no Firebase project configured) reach the Auth emulator. */
export const AUTH_EMULATOR_HOST = '127.0.0.1:9099';

/**
 * End-to-end tests drive Debian's build of Chromium's headless shell, the browser Playwright runs
 * headless by default (its own download is not available here), against the real server, which
 * serves the built apps by host name on one port with a fresh embedded database holding the demo
 * catalogue.
 */
export function defineE2eConfig({
  port: basePort,
  name,
  host = 'localhost',
  catalogueFile,
  serverEnv = () => ({}),
  servers = () => [],
  subscriberEmails = [],
  oneAtATime = false,
}) {
  // Two checkouts on one machine can run their end-to-end tests at once on different ports.
  const port = basePort + portOffset();
  const dataDir = e2eDataDir(name);
  const copyTemplate = `if [ -d "${dataTemplate}" ]; then cp -a "${dataTemplate}" "${dataDir}"; fi && `;
  // A test that needs songs of its own (short ones, say) loads them before the server starts,
  // with the operator's command as the API's build bundles it (the server runs built too).
  const loadCatalogue = catalogueFile
    ? // The file is the nightcore catalogue: the tests visit its hosts (fm.localhost, localhost).
      `DATA_DIR="${dataDir}" node apps/api/dist/catalog.js import --brand nightcore "${path.join(repoRoot, catalogueFile)}" && `
    : '';
  // Subscribers are granted by email before the server starts (the tests sign up with these),
  // by the operator's command as an operator grants one, built like the catalogue's.
  const grantSubscribers = subscriberEmails
    .map((email) => `DATA_DIR="${dataDir}" node apps/api/dist/subscriber.js grant ${email} && `)
    .join('');
  return defineConfig({
    testDir: './e2e',
    // Every test stands alone (its own browser context, accounts with unique addresses, the
    // shared subscriber only read), so the tests of one file spread over the workers too: the
    // long files (accessibility, listening) no longer run one test after another.
    fullyParallel: !oneAtATime,
    workers: oneAtATime ? 1 : WORKERS,
    retries: 0,
    timeout: 30_000,
    expect: { timeout: 10_000 },
    reporter: [['list']],
    use: {
      baseURL: `http://${host}:${port}`,
      // A failed test keeps its trace: each step, the network, the console and the errors. Not
      // the DOM snapshot after every step: taking them cost Chromium and the runner about a third
      // of the run's CPU (the accessibility spec, 36 tests: 57-63 s of CPU and 82-92 s wall with
      // them, 43-46 s and 68-73 s without; docs/end-to-end.md). The screenshot at the failure
      // shows the page as the test left it.
      trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
      screenshot: 'only-on-failure',
      ...devices['Desktop Chrome'],
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    },
    webServer: [
      ...servers(port),
      {
        // Accounts: the Firebase Auth emulator, users kept only as long as it runs. One already
        // running (a developer's start command) is shared; test users have unique addresses.
        command: 'bash scripts/lib/firebase-emulator.sh',
        cwd: repoRoot,
        url: `http://${AUTH_EMULATOR_HOST}/`,
        reuseExistingServer: true,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
      {
        command: `rm -rf "${dataDir}" && ${copyTemplate}${loadCatalogue}${grantSubscribers}pnpm --silent --filter @fansite/api start`,
        cwd: repoRoot,
        url: `http://localhost:${port}/api/v1/playlist/all`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO_CATALOGUE: 'true',
          LOG_LEVEL: 'warn',
          CONTACT_RATE_LIMIT: '1000',
          // The busy check stays on, so one that misreads a starved sampler still fails the tests,
          // but with room: three browsers share the machine's cores with the server, and a delay
          // of half a second would only say how loaded the machine is, turning pages away as 503.
          MAX_EVENT_LOOP_DELAY_MS: '5000',
          FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
          ...serverEnv(port),
        },
      },
    ],
  });
}
