import { MakerError } from './errors.ts';

/** The queue holds as many conversions as it may: the caller answers 429. */
export class QueueFullError extends MakerError {
  constructor() {
    super(429, 'The song maker is busy right now. Please try again in a minute.');
    this.name = 'QueueFullError';
  }
}

interface QueueTicket {
  /** Runs the task when a slot is free (first come, first served) and frees the place after. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back without running anything (the upload was refused). */
  release(): void;
}

export interface ConversionQueue {
  /**
   * Takes a place before the upload is read, so a full queue is refused at once rather than after
   * ten megabytes have arrived. Throws QueueFullError when every place is taken.
   */
  reserve(): QueueTicket;
  stats(): { running: number; waiting: number; places: number };
}

export interface ConversionQueueOptions {
  /** Conversions at the same time: one per core keeps the rest of the server answering. */
  concurrency: number;
  /** Conversions (and uploads) that may wait for a slot. */
  maxWaiting: number;
}

export function createConversionQueue({
  concurrency,
  maxWaiting,
}: ConversionQueueOptions): ConversionQueue {
  let placesTaken = 0;
  let running = 0;
  const waiting: (() => void)[] = [];

  const startNext = () => {
    while (running < concurrency && waiting.length > 0) {
      running += 1;
      waiting.shift()!();
    }
  };

  return {
    reserve() {
      if (placesTaken >= concurrency + maxWaiting) throw new QueueFullError();
      placesTaken += 1;
      let used = false;
      const giveBack = () => {
        if (used) return;
        used = true;
        placesTaken -= 1;
      };
      return {
        async run(task) {
          if (used) throw new Error('a queue ticket runs once');
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            startNext();
          });
          try {
            return await task();
          } finally {
            running -= 1;
            giveBack();
            startNext();
          }
        },
        release: giveBack,
      };
    },
    stats: () => ({ running, waiting: waiting.length, places: placesTaken }),
  };
}
