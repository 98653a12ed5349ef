/**
 * The launcher (`launcher.ts`): a small process the server starts before it holds a catalogue,
 * which starts the server's helper processes for it and relays what they say. It ends with the
 * server (its message channel closes), and ends what it started then.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { FromLauncher, LaunchRequest, ToLauncher } from './protocol.ts';

const running = new Map<number, ChildProcess>();

const tell = (message: FromLauncher) => {
  if (process.connected) process.send!(message);
};

/** An error as it crosses to the server: its words and its code (`ENOENT`...). */
const errorNews = (error: unknown) => {
  const { message, code } = error as NodeJS.ErrnoException;
  return { message, code };
};

function start(id: number, request: LaunchRequest) {
  let child: ChildProcess;
  try {
    child =
      'module' in request
        ? fork(request.module, [], {
            execArgv: request.execArgv,
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          })
        : spawn(request.command, request.args, {
            shell: false,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: request.env,
          });
  } catch (error) {
    // Refused before any process (a NUL byte in an argument, no memory): that request fails, and
    // the launcher and what else it runs go on.
    tell({ id, error: errorNews(error) });
    tell({ id, closed: { code: null, signal: null } });
    return;
  }
  running.set(id, child);
  if (child.pid !== undefined) {
    tell({ id, pid: child.pid });
    if ('niceness' in request && request.niceness !== undefined) {
      try {
        setPriority(child.pid, request.niceness);
      } catch {
        // Not permitted on this system: the program runs at normal priority.
      }
    }
  }
  child.on('message', (message) => tell({ id, message }));
  child.stdout?.setEncoding('utf8').on('data', (stdout: string) => tell({ id, stdout }));
  child.stderr?.setEncoding('utf8').on('data', (stderr: string) => tell({ id, stderr }));
  child.on('error', (error) => tell({ id, error: errorNews(error) }));
  // After the exit, once its output and messages are all read (and relayed before this).
  child.once('close', (code, signal) => {
    running.delete(id);
    tell({ id, closed: { code, signal } });
  });
}

process.on('message', (message: ToLauncher) => {
  if ('start' in message) {
    start(message.id, message.start);
    return;
  }
  const child = running.get(message.id);
  try {
    if ('send' in message) {
      if (child?.connected) child.send(message.send as object);
    } else child?.kill(message.kill);
  } catch (error) {
    // A message that cannot be sent, a signal not known here: told; the process runs on.
    tell({ id: message.id, error: errorNews(error) });
  }
});

// The server's signals are for the server: the launcher stays while the server drains and needs
// it, and goes when the server does.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
process.once('disconnect', () => {
  for (const child of running.values()) child.kill('SIGTERM');
  process.exit(0);
});

tell({ ready: true });
