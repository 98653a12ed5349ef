/**
 * The memory a stored copy is read into, and what V8 is told of it (docs/catalogue-engine.md).
 *
 * A copy read from its file arrives in one buffer: 261 MB at a million songs. In an ordinary
 * ArrayBuffer V8 counts that memory as its own, outside the heap, and a jump far past what it
 * counted at its last full collection makes it mark the heap in large steps on the thread that
 * serves, each buffer allocated until the marking ends pushing it further: in six rebuilds at a
 * million songs its largest step or final pause took 16-58 ms, the rebuilds' longest blocks. V8 leaves a SharedArrayBuffer's
 * memory out of that count (shared memory belongs to no one isolate), so a region read into one
 * starts no collection. Nothing else shares it: no thread or process is handed these buffers.
 *
 * What V8 does not count, it does not free in a hurry either: a replaced copy's region goes only
 * with a full collection, which a heap that hardly grows may not need for hours, and every rebuild
 * would leave one more. `regionsDropped` is told the regions that went out of use and, once they
 * pass `WORTH_A_COLLECTION`, allocates and drops a buffer of `PROMPT_BYTES`: V8 counts it, finds
 * itself past its threshold (64 MB over its count at the last full collection) and starts a
 * marking of its own, mostly on its helper threads, whose full collection frees the regions. The
 * buffer is never written, so it takes no memory of the machine's.
 */

const MB = 1024 * 1024;
/** Just over V8's threshold: a marking starts, without the pressure of a far larger jump. */
const PROMPT_BYTES = 80 * MB;
/** Less than this dropped waits for a collection V8 makes anyway. */
const WORTH_A_COLLECTION = 64 * MB;

let droppedSincePrompt = 0;

/** `length` bytes, zeroed, in memory V8 does not count (see above). */
export function regionBuffer(length: number): Buffer {
  return Buffer.from(new SharedArrayBuffer(length));
}

/** Told that regions of `bytes` in all (from `regionBuffer`) are no longer in use. */
export function regionsDropped(bytes: number): void {
  droppedSincePrompt += bytes;
  if (droppedSincePrompt < WORTH_A_COLLECTION) return;
  droppedSincePrompt = 0;
  // Counted as it is made, garbage at once: nothing keeps it.
  void new ArrayBuffer(PROMPT_BYTES);
}
