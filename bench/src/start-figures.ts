import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_PREFIX } from '@fansite/contract';

/** How often a starting server is asked for its first answer. */
const POLL_MS = 50;
/** A server that has not answered by then failed to start (a million songs on a busy machine take minutes). */
const START_TIMEOUT_MS = 900_000;

/** The API's bundle (`pnpm --filter @fansite/api build`), found through the workspace package. */
const serverBundle = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fansite/api/package.json')),
  'dist/server.js',
);

/** What a start of the built server costs, as an orchestrator restarting it sees it. */
type StartFigures = {
  /** From the process's spawn to its first 200 answer to a catalogue read. */
  firstAnswerSeconds: number;
  /** The process's resident memory once it answers, and after a few seconds in service. */
  rssMb: number;
};

export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * A process's resident memory with that of the processes it started (the server's catalogue
 * build worker): what the machine holds for it. A child that ends while it is read counts 0.
 */
export async function residentWithChildrenMb(pid: number): Promise<number> {
  let total = await residentMb(pid);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // After the name, which may hold spaces and parentheses: state, then the parent's id.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += await residentMb(Number(entry));
    } catch {
      // Ended since the folder was read.
    }
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
  const startedAt = performance.now();
  const child = spawn(process.execPath, [serverBundle], {
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
      rssMb: await residentMb(child.pid!),
      stop,
      baseUrl,
      pid: child.pid!,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
