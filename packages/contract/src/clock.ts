/**
 * Both clocks are read in whole milliseconds: a reading made at one end of its round trip (the
 * usual way to wait: the answer was ready, its reader was not) may sit that much outside the
 * round trip's bounds, and must not count as a clock that was set.
 */
const CLOCK_RESOLUTION_MS = 1;

/**
 * Another clock's offset from this one, estimated as NTP does. The radio's `server_time` is the
 * station's clock when the answer was made; a reader that cannot know when within its round trip
 * that was places it at the middle, off by at most half the round trip. The reading with the
 * shortest round trip is kept: one answer that waited (a busy event loop, a slow network, a queue
 * in the database) would otherwise move the clock, and every position placed with it, by as much
 * as it waited. A reading whose bounds exclude the kept one's means a clock was set (or drifted
 * past the bounds): it replaces the kept one at once.
 */
export class ClockEstimate {
  #offsetMs = 0;
  #errorMs = Number.POSITIVE_INFINITY;

  /** The other clock minus this one, in milliseconds; 0 until the first reading. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** How far `offsetMs` may be off: half the kept reading's round trip, and the resolution. */
  get errorMs(): number {
    return this.#errorMs;
  }

  /** A reading of the other clock (`otherTime`, ms) asked at `sentAt`, got at `receivedAt`. */
  add(otherTime: number, sentAt: number, receivedAt: number): void {
    const offsetMs = otherTime - (sentAt + receivedAt) / 2;
    const errorMs = Math.max(0, receivedAt - sentAt) / 2 + CLOCK_RESOLUTION_MS;
    if (errorMs <= this.#errorMs || Math.abs(offsetMs - this.#offsetMs) > errorMs + this.#errorMs) {
      this.#offsetMs = offsetMs;
      this.#errorMs = errorMs;
    }
  }
}
