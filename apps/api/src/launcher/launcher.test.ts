import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedProcess, launch } from './launcher.ts';

/** A module that answers each message with what it knows of itself, and ends when asked. */
const ANSWERING_MODULE = `
process.on('message', (message) => {
  if (message === 'end') process.exit(3);
  process.send({ echo: message, pid: process.pid, parent: process.ppid });
});
`;

/**
 * A process of its own that launches `sh -c program` and prints what it prints; it has nothing
 * else to do, so it ends when Node finds nothing keeping it.
 */
async function startLaunchingProcess(folder: string, program: string) {
  const script = path.join(folder, `launching-${Math.random().toString(36).slice(2)}.mts`);
  const launcherModule = path.join(import.meta.dirname, 'launcher.ts');
  await writeFile(
    script,
    `import { launch } from ${JSON.stringify(launcherModule)};
const launched = launch({ command: 'sh', args: ['-c', ${JSON.stringify(program)}], env: { PATH: process.env.PATH } });
launched.on('stdout', (chunk) => process.stdout.write(chunk));
`,
  );
  return spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Whether a process runs (a zombie, ended and not yet collected, does not). */
function runs(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** How it ended (not `events.once`, which an `error` before the end would reject). */
const closed = (launched: LaunchedProcess) =>
  new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    launched.once('close', (code, signal) => resolve([code, signal])),
  );

const answer = async (launched: LaunchedProcess, message: unknown) => {
  const answered = once(launched, 'message');
  launched.send(message);
  const [reply] = await answered;
  return reply as { echo: unknown; pid: number; parent: number };
};

describe('the launcher', () => {
  let folder: string;
  let module: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'fansite-launcher-'));
    module = path.join(folder, 'answering.mjs');
    await writeFile(module, ANSWERING_MODULE);
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('forks a module from a process other than this one and relays messages both ways', async () => {
    const launched = launch({ module, execArgv: [] });
    const reply = await answer(launched, { hello: ['world'] });
    expect(reply.echo).toEqual({ hello: ['world'] });
    // Started by the launcher, not by this process: this process's memory is not copied.
    expect(reply.parent).not.toBe(process.pid);
    expect(reply.pid).not.toBe(process.pid);

    const ended = closed(launched);
    launched.send('end');
    expect(await ended).toEqual([3, null]);
    expect(launched.running).toBe(false);
  });

  it('runs a program with the environment it is given and nothing else, at the priority asked, relaying its output and exit', async () => {
    const launched = launch({
      command: 'sh',
      // The priority is set as the program starts: asked a moment later, it is the one set.
      args: ['-c', 'env; echo err >&2; sleep 0.3; echo "niceness $(nice)"; exit 7'],
      env: { PATH: process.env.PATH!, GREETING: 'hello' },
      niceness: 10,
    });
    let stdout = '';
    let stderr = '';
    launched.on('stdout', (chunk) => (stdout += chunk));
    launched.on('stderr', (chunk) => (stderr += chunk));
    expect(await closed(launched)).toEqual([7, null]);
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('niceness 10');
    // What sh sets itself aside, the variables given and none of this process's.
    const variables = lines
      .slice(0, -1)
      .map((line) => line.split('=')[0]!)
      .filter((name) => !['PWD', 'SHLVL', '_', 'OLDPWD'].includes(name));
    expect(variables.sort()).toEqual(['GREETING', 'PATH']);
    expect(lines).toContain('GREETING=hello');
    expect(stderr).toBe('err\n');
  });

  it('tells a program that cannot start as an error, and kills one on request', async () => {
    const missing = launch({ command: 'no-such-program-here', args: [], env: {} });
    const [error] = (await once(missing, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ENOENT');

    const sleeping = launch({ command: 'sleep', args: ['30'], env: { PATH: process.env.PATH! } });
    const ended = closed(sleeping);
    sleeping.kill('SIGKILL');
    expect(await ended).toEqual([null, 'SIGKILL']);
  });

  it('fails a request it cannot start, and runs on', async () => {
    const first = launch({ module, execArgv: [] });
    const { parent: launcherPid } = await answer(first, 'who started you?');

    const refused = launch({ command: 'echo', args: ['a\0b'], env: {} });
    const refusedEnded = closed(refused);
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ERR_INVALID_ARG_VALUE');
    expect(await refusedEnded).toEqual([null, null]);

    // The same launcher still runs, and what it ran before.
    expect((await answer(first, 'still there?')).parent).toBe(launcherPid);
    const ended = closed(first);
    first.send('end');
    await ended;
  });

  it('ends with the process that started it, and ends what it runs', async () => {
    const child = await startLaunchingProcess(folder, 'echo $$; exec sleep 30');
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const sleeping = Number(line.toString().trim());
    expect(runs(sleeping)).toBe(true);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    await expect.poll(() => runs(sleeping), { timeout: 10_000 }).toBe(false);
  });

  it('leaves a process free to end once what it launched has ended', async () => {
    const child = await startLaunchingProcess(folder, 'echo done');
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // Ends on its own: neither the launcher nor its channel keeps it (else the test times out).
    expect(await once(child, 'exit')).toEqual([0, null]);
    expect(stdout).toBe('done\n');
  });

  it('reads what it ran as ended when the launcher itself ends, and starts another', async () => {
    const first = launch({ module, execArgv: [] });
    const { parent: launcherPid } = await answer(first, 'who started you?');
    const ended = closed(first);
    const told = once(first, 'error') as Promise<[Error]>;
    process.kill(launcherPid, 'SIGKILL');
    expect(await ended).toEqual([null, 'SIGKILL']);
    expect((await told)[0].message).toMatch(/^The process launcher ended/);

    const second = launch({ module, execArgv: [] });
    const reply = await answer(second, 'and you?');
    expect(reply.parent).not.toBe(launcherPid);
    expect(reply.parent).not.toBe(process.pid);
    second.send('end');
    await closed(second);
  });
});
