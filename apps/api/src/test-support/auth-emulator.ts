import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_AUTH_EMULATOR_HOST, repoRoot } from '../config.ts';

const STARTUP_LIMIT_MS = 90_000;

async function isUp(host: string): Promise<boolean> {
  try {
    return (await fetch(`http://${host}/`)).ok;
  } catch {
    return false;
  }
}

/**
 * Vitest global setup: API tests verify real emulator tokens, so one Firebase Auth emulator serves
 * the whole run. One already listening (FIREBASE_AUTH_EMULATOR_HOST, or the default address) is
 * reused; otherwise one is started with no data folder, and stopped when the run ends.
 */
export default async function startAuthEmulator() {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST || DEFAULT_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  if (await isUp(host)) return undefined;

  // In the test run's process group, so that a run that is killed takes the emulator with it. Its
  // output is kept for the error below rather than inherited: an inherited pipe held open by the
  // emulator would keep the task runner waiting.
  const emulator = spawn('bash', [path.join(repoRoot, 'scripts/lib/firebase-emulator.sh')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [emulator.stdout, emulator.stderr]) {
    stream.on('data', (chunk: Buffer) => (output = (output + String(chunk)).slice(-4_000)));
  }
  const exited = new Promise((resolve) => emulator.once('exit', resolve));
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (!(await isUp(host))) {
    if (emulator.exitCode !== null || Date.now() > deadline) {
      emulator.kill('SIGTERM');
      throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return async () => {
    // The script execs firebase-tools, which runs the Auth emulator in its own process.
    emulator.kill('SIGTERM');
    await exited;
  };
}
