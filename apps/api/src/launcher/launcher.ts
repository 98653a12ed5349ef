/**
 * Starts the server's helper processes (the catalogue's build worker, ffmpeg) from a small
 * process of its own, the launcher (`launcher-process.ts`), rather than from the server.
 *
 * Starting a process from Node forks it first: the kernel copies the page tables of the whole
 * process, and the thread that asked waits for that and for the child's `exec`. For a server
 * holding a million songs (430 MB) that was 19-24 ms of its event loop at every rebuild (8 ms in
 * the fork, 7 ms waiting on the exec), and a few ms at every song-maker conversion. The launcher
 * is started before the server loads a catalogue, while it is small; its own forks cost it about
 * a millisecond, and the server only sends it a message.
 *
 * One launcher serves the whole process and ends with it. Should it end first, the programs it
 * started are ended too, every helper still running reads as ended (an `error` saying so, then
 * `close`), and the next launch forks a new launcher.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { helperEntry } from '../runs-from-source.ts';
import type { FromLauncher, LaunchRequest, ToLauncher } from './protocol.ts';

/** A process the launcher started, as the server sees it. */
export class LaunchedProcess extends EventEmitter<{
  /** A message from a forked module. */
  message: [unknown];
  /** A program's output, as text. */
  stdout: [string];
  stderr: [string];
  /**
   * It could not be started (the program is missing), a message or a signal could not be sent,
   * or the launcher ended.
   */
  error: [Error];
  /** It ended, and everything it said has been told. */
  close: [code: number | null, signal: NodeJS.Signals | null];
}> {
  #open = true;
  #pid: number | undefined;

  constructor(
    private readonly id: number,
    private readonly launcher: Launcher,
  ) {
    super();
  }

  /** Whether it still runs (until `close`). */
  get running() {
    return this.#open;
  }

  /** Sends a forked module a message; nothing once it ended. */
  send(message: unknown) {
    if (this.#open) this.launcher.tell({ id: this.id, send: message });
  }

  kill(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.#open) this.launcher.tell({ id: this.id, kill: signal });
  }

  /** The launcher's account of it (`FromLauncher`); for the launcher alone. */
  heard(news: FromLauncher) {
    if ('pid' in news) this.#pid = news.pid;
    else if ('message' in news) this.emit('message', news.message);
    else if ('stdout' in news) this.emit('stdout', news.stdout);
    else if ('stderr' in news) this.emit('stderr', news.stderr);
    else if ('error' in news) {
      this.emit('error', Object.assign(new Error(news.error.message), { code: news.error.code }));
    } else if ('closed' in news) this.#close(news.closed.code, news.closed.signal);
  }

  /**
   * The launcher ended with this still running (`reason`, in words): it is ended here, as the
   * launcher can no longer, and reads as killed. For the launcher alone.
   */
  orphaned(reason: string) {
    if (!this.#open) return;
    if (this.#pid !== undefined) {
      try {
        process.kill(this.#pid, 'SIGKILL');
      } catch {
        // Already gone (a forked module leaves when its channel closes).
      }
    }
    if (this.listenerCount('error') > 0) this.emit('error', new Error(reason));
    this.#close(null, 'SIGKILL');
  }

  #close(code: number | null, signal: NodeJS.Signals | null) {
    if (!this.#open) return;
    this.#open = false;
    this.emit('close', code, signal);
  }
}

class Launcher {
  readonly #child: ChildProcess;
  /** What is told before the launcher listens waits here. */
  #waiting: ToLauncher[] | null = [];
  readonly #launched = new Map<number, LaunchedProcess>();
  #nextId = 1;

  constructor(onEnd: () => void) {
    const { module, execArgv } = helperEntry('launcher-process', import.meta.url);
    this.#child = fork(module, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    // The launcher alone does not keep this process alive; what it runs does (`launch`).
    this.#child.unref();
    this.#child.channel?.unref();
    this.#child.on('message', (news: FromLauncher) => {
      if ('ready' in news) {
        for (const message of this.#waiting ?? []) this.#child.send(message);
        this.#waiting = null;
        return;
      }
      this.#launched.get(news.id)?.heard(news);
      if ('closed' in news) this.#forget(news.id);
    });
    // Ended, or never started. Its channel's end is heard even when nothing else keeps this
    // process alive (the process itself is unreferenced); its exit says how it ended.
    let ended = false;
    const end = (how: string) => {
      if (ended) return;
      ended = true;
      onEnd();
      for (const [id, launched] of this.#launched) {
        launched.orphaned(`The process launcher ended (${how}).`);
        this.#forget(id);
      }
    };
    this.#child.on('error', (error) => end(error.message));
    this.#child.once('exit', (code, signal) => end(signal ?? `code ${code}`));
    this.#child.once('disconnect', () => end('its channel closed'));
  }

  launch(request: LaunchRequest): LaunchedProcess {
    const id = this.#nextId++;
    const launched = new LaunchedProcess(id, this);
    this.#launched.set(id, launched);
    if (this.#launched.size === 1) this.#child.channel?.ref();
    this.tell({ id, start: request });
    return launched;
  }

  tell(message: ToLauncher) {
    if (this.#waiting) this.#waiting.push(message);
    else if (this.#child.connected) this.#child.send(message);
    else {
      // Gone, and not yet heard to be: after the caller has added its listeners, it reads as
      // ended as the others do.
      queueMicrotask(() => {
        this.#launched.get(message.id)?.orphaned('The process launcher ended.');
        this.#forget(message.id);
      });
    }
  }

  #forget(id: number) {
    this.#launched.delete(id);
    if (this.#launched.size === 0) this.#child.channel?.unref();
  }
}

let launcher: Launcher | null = null;

/**
 * Starts the launcher now, if it is not running: the server calls this first thing, so that
 * the launcher is forked from a small process.
 */
export function startLauncher(): void {
  if (launcher) return;
  const started: Launcher = new Launcher(() => {
    if (launcher === started) launcher = null;
  });
  launcher = started;
}

/** Starts a process through the launcher (started now if it is not running). */
export function launch(request: LaunchRequest): LaunchedProcess {
  startLauncher();
  return launcher!.launch(request);
}
