import type { DatabaseOptions } from '../src/db/client.ts';

/** Messages between the benchmark and the server process it starts. */
export type StartMessage = {
  type: 'start';
  database: DatabaseOptions;
  songs: number;
  /** The song maker's folder and queue, for the maker benchmark. */
  maker?: { folder: string; concurrency?: number; queueLength?: number };
  /** Emails granted the subscriber role before the server starts. */
  subscriberEmails?: string[];
};
export type StopMessage = { type: 'stop' };
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
