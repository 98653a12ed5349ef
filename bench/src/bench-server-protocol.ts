import type { DatabaseOptions } from '@fansite/api/src/db/client.ts';
import type { LoopBlocks } from './loop-blocks.ts';

/** Messages between the benchmark and the server process it starts. */
export type StartMessage = {
  type: 'start';
  database: DatabaseOptions;
  songs: number;
  /** The song maker's folder and queue, for the maker benchmark. */
  maker?: {
    folder: string;
    concurrency?: number;
    queueLength?: number;
    limits?: { dailyPerPerson?: number };
  };
  /** Emails granted the subscriber role before the server starts. */
  subscriberEmails?: string[];
  /**
   * The demo network (members, subscriber sites such as alice's), with the sites' YouTube
   * channel feeds answered by a local stand-in: YouTube cannot be reached from here.
   */
  demoNetwork?: boolean;
};
type StopMessage = { type: 'stop' };
/** Starts watching the event loop for its longest blocks (the reading: `LoopMessage`). */
type WatchLoopMessage = { type: 'watch-loop' };
/** Stops the watch and asks for the longest event-loop blocks since it started. */
type StopWatchMessage = { type: 'stop-watch' };
export type LoopMessage = { type: 'loop'; blocks: LoopBlocks };
/** Bumps the catalogue version and builds a new serving copy beside the one in service. */
type RebuildMessage = { type: 'rebuild' };
export type RebuiltMessage = { type: 'rebuilt'; seconds: number; blocks: LoopBlocks };
export type ControlMessage = StopMessage | WatchLoopMessage | StopWatchMessage | RebuildMessage;
export type ReadyMessage = {
  type: 'ready';
  port: number;
  importSeconds: number;
  /** From opening the database to listening: migrations, the catalogue's serving copy. */
  startSeconds: number;
  rssMb: number;
  heapMb: number;
};
export type FailedMessage = { type: 'failed'; message: string };
