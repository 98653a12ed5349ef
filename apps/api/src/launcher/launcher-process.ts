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

function start(id: number, request: LaunchRequest) {
  const child =
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
  running.set(id, child);
  if ('niceness' in request && request.niceness !== undefined && child.pid !== undefined) {
    try {
      setPriority(child.pid, request.niceness);
    } catch {
      // Not permitted on this system: the program runs at normal priority.
    }
  }
  child.on('message', (message) => tell({ id, message }));
  child.stdout?.setEncoding('utf8').on('data', (stdout: string) => tell({ id, stdout }));
  child.stderr?.setEncoding('utf8').on('data', (stderr: string) => tell({ id, stderr }));
  child.on('error', (error: NodeJS.ErrnoException) =>
    tell({ id, error: { message: error.message, code: error.code } }),
  );
  // After the exit, once its output and messages are all read (and relayed before this).
  child.once('close', (code, signal) => {
    running.delete(id);
    tell({ id, closed: { code, signal } });
  });
}

process.on('message', (message: ToLauncher) => {
  if ('start' in message) start(message.id, message.start);
  else if ('send' in message) {
    const child = running.get(message.id);
    if (child?.connected) child.send(message.send as object);
  } else running.get(message.id)?.kill(message.kill);
});

// The server's signals are for the server: the launcher stays while the server drains and needs
// it, and goes when the server does.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
process.once('disconnect', () => {
  for (const child of running.values()) child.kill('SIGTERM');
  process.exit(0);
});

tell({ ready: true });
