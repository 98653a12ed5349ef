import { describe, expect, it } from 'vitest';
import { durationLabel, formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('writes minutes and two-digit seconds, and hours when there are some', () => {
    expect(formatDuration(185)).toBe('3:05');
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(3729)).toBe('1:02:09');
  });

  it('writes nothing for an unknown length', () => {
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });

  it('reads the length out in words', () => {
    expect(durationLabel(185)).toBe('3 minutes 5 seconds');
    expect(durationLabel(3601)).toBe('1 hour 1 second');
  });
});
