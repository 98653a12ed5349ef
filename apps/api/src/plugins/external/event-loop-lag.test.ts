import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { intervalLagMs, monitorEventLoopLag } from './event-loop-lag.ts';

const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe('event-loop lag', () => {
  it('reads an interval without a delay sample by the sampler, not as an infinite delay', () => {
    // A real histogram whose timer has not fired twice since its reset: no sample, mean NaN, as
    // in the interval of a starved process.
    const empty = monitorEventLoopDelay({ resolution: 10 });
    expect(empty.count).toBe(0);
    expect(empty.mean).toBeNaN();
    expect(intervalLagMs(empty, 3)).toBe(3);
    expect(intervalLagMs(empty, -1)).toBe(0);
  });

  it('takes the mean delay past the resolution, or the sampler lateness when it is larger', () => {
    expect(intervalLagMs({ count: 4, mean: 25e6 }, 2)).toBe(15);
    expect(intervalLagMs({ count: 4, mean: 12e6 }, 400)).toBe(400);
  });

  it('measures a blocked loop and then an idle one', async () => {
    const monitor = monitorEventLoopLag(50);
    try {
      block(250);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(monitor.lagMs()).toBeGreaterThanOrEqual(150);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(monitor.lagMs()).toBeLessThan(150);
    } finally {
      monitor.stop();
    }
  });
});
