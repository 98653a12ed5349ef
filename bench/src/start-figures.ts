import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@fansite/contract';
import { SERVER_FLAGS, requireBuiltApi, serverBundle } from './server-bundle.ts';
import { formatTable, print } from './table.ts';

/** A fixed port for the built server, away from the ones the tests and e2e runs take. */
export const BUILT_SERVER_PORT = 18_734;
/** How often a starting server is asked for its first answer, or its folder for a stored copy. */
const POLL_MS = 50;
/** A server that has not answered by then failed to start (a million songs on a busy machine take minutes). */
const START_TIMEOUT_MS = 900_000;

/** What a start of the built server costs, as an orchestrator restarting it sees it. */
type StartFigures = {
  /** From the process's spawn to its first 200 answer to a catalogue read. */
  firstAnswerSeconds: number;
  /**
   * The process's resident memory once it answers, with its helpers' (the launcher, a build
   * worker still running): what the machine holds for it.
   */
  rssMb: number;
};

export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * A process's resident memory with that of the processes it started and theirs (the server's
 * launcher and the catalogue build worker the launcher starts): what the machine holds for it. A
 * process that ends while it is read counts 0.
 */
export async function residentWithChildrenMb(pid: number): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // After the name, which may hold spaces and parentheses: state, then the parent's id.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended since the folder was read.
    }
  }
  const descendsFrom = (other: number): boolean => {
    for (let parent = parents.get(other); parent !== undefined; parent = parents.get(parent)) {
      if (parent === pid) return true;
    }
    return false;
  };
  let total = await residentMb(pid);
  for (const other of parents.keys()) {
    if (descendsFrom(other)) total += await residentMb(other).catch(() => 0);
  }
  return total;
}

/**
 * Spawns the built server (`apps/api/dist/server.js`, as the README starts it) on `database` and
 * asks it for the playlist list until it answers: the time a visitor waits after a restart. The
 * server is left running for the caller, who stops it.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  port: number,
): Promise<StartFigures & { stop(): Promise<void>; baseUrl: string; pid: number }> {
  requireBuiltApi();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_FLAGS, serverBundle], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the server exited with code ${code} before it answered`);
  });
  exited.catch(() => undefined);
  try {
    for (;;) {
      if (performance.now() - startedAt > START_TIMEOUT_MS) {
        throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s`);
      }
      const answered = await Promise.race([
        fetch(`${baseUrl}${API_PREFIX}/playlist/all`).then(
          (response) => response.ok,
          () => false,
        ),
        exited,
      ]);
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const firstAnswerSeconds = (performance.now() - startedAt) / 1000;
    return {
      firstAnswerSeconds,
      rssMb: await residentWithChildrenMb(child.pid!),
      stop,
      baseUrl,
      pid: child.pid!,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resolves once the copy built after `since` (ms since the epoch) is stored whole. */
export async function copyStoredSince(dataDir: string, since: number): Promise<void> {
  const folder = path.join(dataDir, 'catalogue');
  for (;;) {
    const names = await readdir(folder).catch(() => [] as string[]);
    const copy = await stat(path.join(folder, 'nightcore.copy')).catch(() => null);
    if (copy && copy.mtimeMs > since && !names.some((name) => name.endsWith('.partial'))) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The first answer's goal at 100,000 songs, on either database (docs/budgets.md). */
const START_GOAL_SECONDS = 3;

/**
 * The built server's starts on a database the bench has filled, as an operator meets them: on a
 * data folder with no stored copy (built from rows on the embedded database, fetched from the
 * shared copy on PostgreSQL, then stored), and the restart after it, which reads the stored copy.
 * The bench's own server keeps its copies elsewhere, so its start (the line above the routes) is
 * always a build from rows.
 */
export async function printBuiltServerStarts(database: { dataDir: string } | { url: string }) {
  if (!existsSync(serverBundle)) {
    print(
      "The built server's start: not measured, build the API first (pnpm --filter @fansite/api build).",
    );
    return;
  }
  const dataDir =
    'dataDir' in database
      ? database.dataDir
      : await mkdtemp(path.join(os.tmpdir(), 'fansite-bench-starts-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if ('url' in database) env.DATABASE_URL = database.url;
  try {
    const rows: string[][] = [];
    const firstStart =
      'url' in database
        ? 'an empty DATA_DIR (the shared copy fetched)'
        : 'no stored copy (built from rows, then stored)';
    for (const kind of [firstStart, 'restart (the stored copy read)']) {
      const spawnedAt = Date.now();
      const server = await startBuiltServer(env, BUILT_SERVER_PORT);
      try {
        if (rows.length === 0) await copyStoredSince(dataDir, spawnedAt);
        rows.push([
          `built server, ${kind}: spawn to first answer`,
          `${server.firstAnswerSeconds.toFixed(1)} s`,
          `< ${START_GOAL_SECONDS} s`,
          server.firstAnswerSeconds < START_GOAL_SECONDS ? 'pass' : 'FAIL',
          `${server.rssMb.toFixed(0)} MB`,
        ]);
      } finally {
        await server.stop();
      }
    }
    print(formatTable(['start', 'measured', 'goal', 'result', 'RSS then'], rows));
  } finally {
    if ('url' in database) await rm(dataDir, { recursive: true, force: true });
  }
}
