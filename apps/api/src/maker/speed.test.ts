import { describe, expect, it } from 'vitest';
import { rateForSpeed, titleSuffix, wantsReverb } from './speed.ts';

describe('rateForSpeed', () => {
  it('goes from half speed to twice as fast', () => {
    expect(rateForSpeed(-100)).toBe(0.5);
    expect(rateForSpeed(0)).toBe(1);
    expect(rateForSpeed(25)).toBe(1.25);
    expect(rateForSpeed(100)).toBe(2);
  });

  it('makes +p and -p undo each other', () => {
    for (const speed of [1, 20, 25, 60, 100]) {
      expect(rateForSpeed(speed) * rateForSpeed(-speed)).toBeCloseTo(1, 12);
    }
  });
});

describe('titleSuffix and reverb', () => {
  it('names what was done in the brand’s words', () => {
    expect(titleSuffix(25, 'nightcore')).toBe('Nightcore');
    expect(titleSuffix(-20, 'slowed-reverb')).toBe('Slowed + Reverb');
    expect(titleSuffix(-20, 'nightcore')).toBe('Slowed');
    expect(titleSuffix(20, 'slowed-reverb')).toBe('Sped Up');
    expect(titleSuffix(0, 'nightcore')).toBe('');
  });

  it('adds reverb only to slowed songs on the slowed-reverb brand', () => {
    expect(wantsReverb(-20, 'slowed-reverb')).toBe(true);
    expect(wantsReverb(20, 'slowed-reverb')).toBe(false);
    expect(wantsReverb(-20, 'nightcore')).toBe(false);
  });
});
