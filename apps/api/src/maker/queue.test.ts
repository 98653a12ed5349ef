import { describe, expect, it } from 'vitest';
import { createConversionQueue, QueueFullError } from './queue.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('conversion queue', () => {
  it('runs at most `concurrency` tasks at once, first come first served', async () => {
    const queue = createConversionQueue({ concurrency: 2, maxWaiting: 5 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      queue.reserve().run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 1 });
    gates[1]!.resolve();
    await runs[1];
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, places: 0 });
  });

  it('refuses a reservation when every place is taken, and frees places given back', () => {
    const queue = createConversionQueue({ concurrency: 1, maxWaiting: 1 });
    const first = queue.reserve();
    queue.reserve();
    expect(() => queue.reserve()).toThrow(QueueFullError);
    first.release();
    first.release();
    expect(() => queue.reserve()).not.toThrow();
    expect(() => queue.reserve()).toThrow(QueueFullError);
  });

  it('frees the slot when a task fails', async () => {
    const queue = createConversionQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(
      queue.reserve().run(async () => {
        throw new Error('broken file');
      }),
    ).rejects.toThrow('broken file');
    expect(await queue.reserve().run(async () => 'next')).toBe('next');
  });
});
