import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { DatabaseOptions } from '@fansite/api/src/db/client.ts';
import type { LoopBlocks } from './loop-blocks.ts';
import type {
  ControlMessage,
  FailedMessage,
  LoopMessage,
  ReadyMessage,
  RebuiltMessage,
  StartMessage,
} from './bench-server-protocol.ts';
import { SERVER_FLAGS, benchServerProcess } from './server-bundle.ts';

export type BenchServer = {
  baseUrl: string;
  importSeconds: number;
  startSeconds: number;
  rssMb: number;
  heapMb: number;
  /** Starts watching the event loop for its longest blocks, until `loopBlocks`. */
  watchLoop(): void;
  /** Stops the watch; the longest event-loop blocks since `watchLoop`. */
  loopBlocks(): Promise<LoopBlocks>;
  /** Builds a new serving copy while serving; how long it took and the longest blocks. */
  rebuild(): Promise<{ seconds: number; blocks: LoopBlocks }>;
  stop(): Promise<void>;
};

function answer<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
  });
}

/** Past this, a server that was asked to stop is killed so the benchmark still exits. */
const STOP_GRACE_MS = 15_000;

function waitUntilReady(child: ChildProcess): Promise<ReadyMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the server process exited with code ${code} before it was ready`));
    child.once('exit', onExit);
    child.once('message', (message: ReadyMessage | FailedMessage) => {
      child.off('exit', onExit);
      if (message.type === 'ready') resolve(message);
      else reject(new Error(`the server process failed: ${message.message}`));
    });
  });
}

/**
 * Starts the API in a child process on 127.0.0.1 (a random port), after importing the demo
 * catalogue of `songs` songs into the given database. The child runs the bundled server process
 * (`server-bundle.ts`) with the flags the README's start gives the server.
 */
export async function startBenchServer(
  database: DatabaseOptions,
  songs: number,
  extra: Pick<StartMessage, 'maker' | 'subscriberEmails' | 'demoNetwork'> = {},
): Promise<BenchServer> {
  const child = fork(await benchServerProcess(), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Room for a million songs, and gc() for a steady memory figure.
    execArgv: [...SERVER_FLAGS, '--expose-gc', '--max-old-space-size=4096'],
  });
  const ready = waitUntilReady(child);
  child.send({ type: 'start', database, songs, ...extra } satisfies StartMessage);
  const { port, importSeconds, startSeconds, rssMb, heapMb } = await ready.catch(
    (error: unknown) => {
      child.kill();
      throw error;
    },
  );

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    importSeconds,
    startSeconds,
    rssMb,
    heapMb,
    watchLoop() {
      child.send({ type: 'watch-loop' } satisfies ControlMessage);
    },
    async loopBlocks() {
      const loop = answer<LoopMessage>(child, 'loop');
      child.send({ type: 'stop-watch' } satisfies ControlMessage);
      return (await loop).blocks;
    },
    async rebuild() {
      const rebuilt = answer<RebuiltMessage>(child, 'rebuilt');
      child.send({ type: 'rebuild' } satisfies ControlMessage);
      const { seconds, blocks } = await rebuilt;
      return { seconds, blocks };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.send({ type: 'stop' } satisfies ControlMessage);
      await exited;
      clearTimeout(killTimer);
    },
  };
}
