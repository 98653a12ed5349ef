import { once } from 'node:events';
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

const closed = (launched: LaunchedProcess) =>
  once(launched, 'close') as Promise<[number | null, NodeJS.Signals | null]>;

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

  it('runs a program with the environment it is given, relaying its output and its exit', async () => {
    const launched = launch({
      command: 'sh',
      args: ['-c', 'echo "out $GREETING"; echo err >&2; exit 7'],
      env: { PATH: process.env.PATH!, GREETING: 'hello' },
      niceness: 10,
    });
    let stdout = '';
    let stderr = '';
    launched.on('stdout', (chunk) => (stdout += chunk));
    launched.on('stderr', (chunk) => (stderr += chunk));
    expect(await closed(launched)).toEqual([7, null]);
    expect(stdout).toBe('out hello\n');
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

  it('reads what it ran as ended when the launcher itself ends, and starts another', async () => {
    const first = launch({ module, execArgv: [] });
    const { parent: launcherPid } = await answer(first, 'who started you?');
    const ended = closed(first);
    process.kill(launcherPid, 'SIGKILL');
    expect(await ended).toEqual([null, 'SIGKILL']);

    const second = launch({ module, execArgv: [] });
    const reply = await answer(second, 'and you?');
    expect(reply.parent).not.toBe(launcherPid);
    expect(reply.parent).not.toBe(process.pid);
    second.send('end');
    await closed(second);
  });
});
