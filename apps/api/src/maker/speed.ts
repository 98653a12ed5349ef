import type { BrandId } from '@fansite/brand-config';
import { makerRate } from '@fansite/contract';

/** The rate is the contract's, so the page's preview and the server's result agree. */
export const rateForSpeed = makerRate;

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
