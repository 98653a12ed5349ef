import { describe, expect, it } from 'vitest';
import { formatLongUsDate } from './dates.ts';

const intlLongUsDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

describe('formatLongUsDate', () => {
  it('writes every day from 1970 to 2100 as Intl writes it in UTC', () => {
    const differences: string[] = [];
    const day = 86_400_000;
    for (let time = 0; time < Date.UTC(2101, 0, 1); time += day) {
      // A time late in the UTC day: a local-time reading would be a day off east of UTC.
      const iso = new Date(time + 23 * 3_600_000 + 59 * 60_000).toISOString();
      const expected = intlLongUsDate.format(new Date(iso));
      if (formatLongUsDate(iso) !== expected) differences.push(`${iso}: ${formatLongUsDate(iso)}`);
    }
    expect(differences).toEqual([]);
  });

  it('reads dates without a time and says nothing of what is not a date', () => {
    expect(formatLongUsDate('2026-01-02')).toBe('January 2, 2026');
    expect(formatLongUsDate('2025-12-31T23:30:00.000Z')).toBe('December 31, 2025');
    expect(formatLongUsDate('not a date')).toBe('');
    expect(formatLongUsDate('')).toBe('');
  });
});
