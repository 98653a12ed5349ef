import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers.ts';

const intlCount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

describe('formatCount', () => {
  it('groups digits in threes with commas, as Intl does in en-US', () => {
    const counts = [0, 1, 7, 12, 999, 1_000, 1_001, 12_345, 999_999, 1_000_000, 123_456_789];
    for (let power = 0; power <= 15; power++)
      counts.push(10 ** power - 1, 10 ** power, -(10 ** power));
    for (let i = 0; i < 2_000; i++) counts.push(Math.floor(Math.random() * 10 ** (i % 16)));
    const differences = counts
      .filter((count) => formatCount(count) !== intlCount.format(count))
      .map((count) => `${count}: ${formatCount(count)} (Intl: ${intlCount.format(count)})`);
    expect(differences).toEqual([]);
  });

  it('writes a count given as a fraction rounded to a whole number', () => {
    expect(formatCount(1234.4)).toBe('1,234');
    expect(formatCount(1234.5)).toBe('1,235');
    expect(formatCount(-0.2)).toBe('0');
  });
});
