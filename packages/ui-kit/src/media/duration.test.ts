import { describe, expect, it } from 'vitest';
import { durationLabel, formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('writes minutes and seconds, and hours past an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('writes nothing odd for a length not known yet', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });

  it('reads the length out in words', () => {
    expect(durationLabel(185)).toBe('3 minutes 5 seconds');
    expect(durationLabel(3601)).toBe('1 hour 1 second');
  });
});
