/**
 * Both clocks are read in whole milliseconds: a reading made at one end of its round trip (the
 * usual way to wait: the answer was ready, its reader was not) may sit that much outside the
 * round trip's bounds, and must not count as a clock that was set.
 */
const CLOCK_RESOLUTION_MS = 1;

/**
 * Another clock's offset from this one, estimated as NTP does. The radio's answer carries the
 * station's clock when the request reached the server (`received_time`) and when it answered
 * (`server_time`); the time between is the server's, and what is left of the round trip is the
 * network's, which a reader that cannot know how it split places half each way: off by at most
 * half of it. The reading with the shortest network time is kept: one answer that waited on the
 * way (a slow network, a socket queue) would otherwise move the clock, and every position placed
 * with it, by as much as it waited. A reading whose bounds exclude the kept one's means a clock
 * was set (or drifted past the bounds): it replaces the kept one at once.
 */
export class ClockEstimate {
  #offsetMs = 0;
  #errorMs = Number.POSITIVE_INFINITY;

  /** The other clock minus this one, in milliseconds; 0 until the first reading. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** How far `offsetMs` may be off: half the kept reading's network time, and the resolution. */
  get errorMs(): number {
    return this.#errorMs;
  }

  /**
   * A reading asked at `sentAt` and got at `receivedAt` (this clock, ms): the other clock read
   * `otherTime` as it answered, and `otherReceivedTime` as the request reached it (the same as
   * `otherTime` when only one reading is known, as for a database's clock read by a query).
   */
  add(otherTime: number, sentAt: number, receivedAt: number, otherReceivedTime = otherTime): void {
    const otherMs = Math.max(0, otherTime - otherReceivedTime);
    const offsetMs = (otherReceivedTime - sentAt + (otherTime - receivedAt)) / 2;
    const errorMs = Math.max(0, receivedAt - sentAt - otherMs) / 2 + CLOCK_RESOLUTION_MS;
    if (errorMs <= this.#errorMs || Math.abs(offsetMs - this.#offsetMs) > errorMs + this.#errorMs) {
      this.#offsetMs = offsetMs;
      this.#errorMs = errorMs;
    }
  }
}
