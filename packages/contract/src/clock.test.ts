import { describe, expect, it } from 'vitest';
import { ClockEstimate } from './clock.ts';

/** The other clock is 10 s ahead in every reading below. */
const AHEAD_MS = 10_000;

/** A reading whose answer was made `madeAfterMs` after sending and received `roundTripMs` after. */
function read(clock: ClockEstimate, sentAt: number, madeAfterMs: number, roundTripMs: number) {
  clock.add(sentAt + madeAfterMs + AHEAD_MS, sentAt, sentAt + roundTripMs);
}

describe('ClockEstimate', () => {
  it('places a reading at the middle of its round trip', () => {
    const clock = new ClockEstimate();
    expect(clock.offsetMs).toBe(0);
    read(clock, 1_000, 100, 200);
    expect(clock.offsetMs).toBe(AHEAD_MS);
  });

  it('keeps the reading with the shortest round trip: an answer that waited moves nothing', () => {
    const clock = new ClockEstimate();
    read(clock, 1_000, 10, 20);
    // Made at once but received 300 ms later: alone, it would put the clock 150 ms behind.
    read(clock, 5_000, 0, 300);
    expect(clock.offsetMs).toBe(AHEAD_MS);
    read(clock, 9_000, 2, 4);
    expect(clock.offsetMs).toBe(AHEAD_MS);
  });

  it('does not take a reading made at the very start of a slow round trip for a clock set', () => {
    const clock = new ClockEstimate();
    read(clock, 1_000, 0, 0);
    // Read in whole milliseconds, the answer seems made 1 ms before it was asked.
    read(clock, 5_000, -1, 300);
    expect(clock.offsetMs).toBe(AHEAD_MS);
  });

  it("leaves the other side's own time out: a slow answer over a quick network is exact", () => {
    const clock = new ClockEstimate();
    // Reached the other side 1 ms after sending, answered 150 ms later, back 1 ms after that.
    clock.add(1_151 + AHEAD_MS, 1_000, 1_152, 1_001 + AHEAD_MS);
    expect(clock.offsetMs).toBe(AHEAD_MS);
    expect(clock.errorMs).toBe(2);
    // Without the arrival, the same answer reads as made at the middle: 75 ms off, and unsure.
    const answerOnly = new ClockEstimate();
    answerOnly.add(1_151 + AHEAD_MS, 1_000, 1_152);
    expect(answerOnly.offsetMs).toBe(AHEAD_MS + 75);
    expect(answerOnly.errorMs).toBe(77);
  });

  it('follows a clock that was set, whatever the round trips', () => {
    const clock = new ClockEstimate();
    read(clock, 1_000, 5, 10);
    // The other clock was set 2 s ahead: the bounds of this reading exclude the kept one.
    clock.add(5_000 + 150 + AHEAD_MS + 2_000, 5_000, 5_300);
    expect(clock.offsetMs).toBe(AHEAD_MS + 2_000);
  });
});
