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
});
