import { makerRate } from '@fansite/contract';

const factorText = (factor: number) => String(Number(factor.toFixed(2)));

/** The rate a speed gives, as people say it: "1.25× faster", "1.2× slower". */
export function describeSpeed(speed: number): string {
  if (speed === 0) return 'Original speed';
  const rate = makerRate(speed);
  return speed > 0 ? `${factorText(rate)}× faster` : `${factorText(1 / rate)}× slower`;
}

/** "+25%", "-20%", "0%". */
export const speedPercent = (speed: number) => `${speed > 0 ? '+' : ''}${speed}%`;

/** A file size in the units people read. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
