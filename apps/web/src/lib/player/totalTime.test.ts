import { describe, expect, it } from 'vitest';
import { formatTotalTime, songCount } from './totalTime.ts';

describe('a list length', () => {
  it('is written in minutes, and hours past an hour', () => {
    expect(formatTotalTime(0)).toBe('0 min');
    expect(formatTotalTime(42 * 60 + 20)).toBe('42 min');
    expect(formatTotalTime(3600)).toBe('1 h');
    expect(formatTotalTime(3900)).toBe('1 h 5 min');
  });

  it('counts songs in the singular and the plural', () => {
    expect(songCount(1)).toBe('1 song');
    expect(songCount(13)).toBe('13 songs');
  });
});
