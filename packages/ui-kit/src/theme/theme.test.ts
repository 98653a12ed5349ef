import { nightcore, slowedReverb } from '@fansite/brand-config';
import { describe, expect, it } from 'vitest';
import { createTheme } from './theme.ts';

describe('createTheme', () => {
  it('carries the colours of the brand', () => {
    const theme = createTheme(slowedReverb.theme);

    expect(theme.colours.primary).toBe(slowedReverb.theme.primary);
    expect(theme.colours.background).toBe(slowedReverb.theme.background);
  });

  it('keeps the solid navbar black whatever the brand', () => {
    expect(createTheme(nightcore.theme).colours.navbar).toBe('#000000');
    expect(createTheme(slowedReverb.theme).colours.navbar).toBe('#000000');
  });

  it('gives every badge white text at WCAG AA contrast (4.5:1 or more)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => {
        const value = parseInt(hex.slice(at, at + 2), 16) / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const brand of [nightcore, slowedReverb]) {
      for (const colour of Object.values(createTheme(brand.theme).colours.badge)) {
        expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
