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
 * The launcher is the process's one; it ends with the process. Should it end before, what it
 * started reads as ended and the next launch starts another.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { runsFromSource } from '../runs-from-source.ts';
import type { FromLauncher, LaunchRequest, ToLauncher } from './protocol.ts';

/** A process the launcher started, as the server sees it. */
export class LaunchedProcess extends EventEmitter<{
  /** A message from a forked module. */
  message: [unknown];
  /** A program's output, as text. */
  stdout: [string];
  stderr: [string];
  /** It could not be started (the program is missing), or a signal could not be sent. */
  error: [Error];
  /** It ended, and everything it said has been told. */
  close: [code: number | null, signal: NodeJS.Signals | null];
}> {
  #open = true;

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

  /** The launcher's account of it (`FromLauncher`). */
  heard(news: FromLauncher) {
    if ('message' in news) this.emit('message', news.message);
    else if ('stdout' in news) this.emit('stdout', news.stdout);
    else if ('stderr' in news) this.emit('stderr', news.stderr);
    else if ('error' in news) {
      this.emit('error', Object.assign(new Error(news.error.message), { code: news.error.code }));
    } else if ('closed' in news) this.closed(news.closed.code, news.closed.signal);
  }

  closed(code: number | null, signal: NodeJS.Signals | null) {
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
    const entry = fileURLToPath(
      new URL(runsFromSource ? './launcher-process.ts' : './launcher-process.js', import.meta.url),
    );
    this.#child = fork(entry, [], {
      execArgv: runsFromSource ? ['--import', import.meta.resolve('tsx')] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The launcher alone does not keep this process alive; what it runs does (`launch`).
    this.#child.unref();
    this.#child.channel?.unref();
    this.#child.on('message', (news: FromLauncher) => {
      if ('ready' in news) {
        for (const message of this.#waiting ?? []) this.#child.send(message);
        this.#waiting = null;
        return;
      }
      const launched = this.#launched.get(news.id);
      launched?.heard(news);
      if ('closed' in news) this.#forget(news.id);
    });
    // Ended, or never started: what it ran reads as ended (a build worker ends itself when its
    // channel closes; a program runs on to its end).
    const ended = () => {
      onEnd();
      for (const id of [...this.#launched.keys()]) {
        this.#launched.get(id)!.closed(null, 'SIGKILL');
        this.#forget(id);
      }
    };
    this.#child.once('exit', ended);
    this.#child.once('error', ended);
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
