/**
 * Work between two yields to the event loop while a serving copy is built, in milliseconds:
 * requests keep being answered beside the build, none waiting on it for more than this.
 */
const BUILD_SLICE_MS = 1;

/** Lets timers, I/O and other requests run before the caller goes on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Says when the current slice of build work is spent; `next()` then yields and starts another. */
export class BuildSlice {
  private startedAt = performance.now();

  get spent(): boolean {
    return performance.now() - this.startedAt >= BUILD_SLICE_MS;
  }

  async next(): Promise<void> {
    await yieldToEventLoop();
    this.startedAt = performance.now();
  }
}
