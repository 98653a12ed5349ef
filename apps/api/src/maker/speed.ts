import type { BrandId } from '@fansite/brand-config';

/**
 * The playback rate a speed percentage stands for: 1 + p/100 when faster (up to twice as fast) and
 * 1 / (1 - p/100) when slower (down to half speed), so +25 and -25 undo each other.
 */
export function rateForSpeed(speed: number): number {
  return speed >= 0 ? 1 + speed / 100 : 1 / (1 - speed / 100);
}

/** What the result's title says was done to the song, by brand. */
export function titleSuffix(speed: number, brand: BrandId): string {
  if (speed > 0) return brand === 'slowed-reverb' ? 'Sped Up' : 'Nightcore';
  if (speed < 0) return brand === 'slowed-reverb' ? 'Slowed + Reverb' : 'Slowed';
  return '';
}

/** The slowed-reverb brand's slowed songs get the reverb its listeners expect. */
export function wantsReverb(speed: number, brand: BrandId): boolean {
  return speed < 0 && brand === 'slowed-reverb';
}
