import { describe, expect, it } from 'vitest';
import { describeSpeed, fileSizeText, speedPercent } from './describeSpeed.ts';

describe('describeSpeed', () => {
  it('says how much faster or slower, so that +p and -p read alike', () => {
    expect(describeSpeed(25)).toBe('1.25× faster');
    expect(describeSpeed(-25)).toBe('1.25× slower');
    expect(describeSpeed(-20)).toBe('1.2× slower');
    expect(describeSpeed(100)).toBe('2× faster');
    expect(describeSpeed(-100)).toBe('2× slower');
    expect(describeSpeed(0)).toBe('Original speed');
  });

  it('writes percentages and sizes plainly', () => {
    expect(speedPercent(25)).toBe('+25%');
    expect(speedPercent(-20)).toBe('-20%');
    expect(fileSizeText(3_456_789)).toBe('3.3 MB');
    expect(fileSizeText(2048)).toBe('2 KB');
  });
});
