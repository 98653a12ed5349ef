import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server and the operator's commands in processes of their own, for the tests of what a
 * process does (signals, restarts, the data folder's lock, several processes on one database).
 *
 * Both run built (`dist/server.js` as start.sh and a deployment run it, `dist/NAME.js` for the
 * commands): `built-server.ts` bundles them when a source is newer. From source, each process
 * spent about two seconds more loading the TypeScript through tsx.
 */

export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The test run's environment without a database: a process on the embedded one unless told. */
const { DATABASE_URL: _unused, ...inherited } = process.env;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`, where the server listens. */
  origin: string;
  /** The API under it (`/api/v1`). */
  api: string;
}

interface StartOptions {
  /** Added to the test run's environment (which names no database): DATA_DIR, DATABASE_URL... */
  env: NodeJS.ProcessEnv;
  port?: number;
  /** A command the server runs under, e.g. a new PID namespace. */
  wrapper?: string[];
  /** The call that answers 200 once the server serves what the test needs. */
  readyCall?: string;
}

/** Starting a process on a fresh embedded database takes many seconds on a busy two-core machine. */
const START_LIMIT_MS = 90_000;

/** Starts the built server and waits until `readyCall` answers 200. */
export async function startServerProcess({
  env,
  port,
  wrapper = [],
  readyCall = '/health/ready',
}: StartOptions): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const command = [...wrapper, process.execPath, '--enable-source-maps', 'dist/server.js'];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: apiRoot,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(listenOn),
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + String(chunk)).slice(-2_000)));
  const origin = `http://127.0.0.1:${listenOn}`;
  const api = `${origin}/api/v1`;
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}: ${errors}`);
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed test, holding its port and data folder.
      child.kill('SIGKILL');
      throw new Error(`the server did not start: ${errors}`);
    }
    try {
      if ((await fetch(`${api}${readyCall}`)).ok) return { child, origin, api };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The process's exit code once it has exited (null when a signal ended it). */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, as an orchestrator stops a server, and its exit code once it has closed. */
export function stopServerProcess(child: ChildProcess): Promise<number | null> {
  const exit = exitOf(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  return exit;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** An operator command, built: what `pnpm --filter @fansite/api NAME ...` runs from source. */
export function operatorCommand(
  env: NodeJS.ProcessEnv,
  name: string,
  ...args: string[]
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', `dist/${name}.js`, ...args],
      { cwd: apiRoot, env: { ...inherited, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr }),
    );
  });
}
