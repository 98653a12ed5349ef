import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { scrollWindowTo } from '../test/scroll.ts';
import { useScrolledPast } from './useScrolledPast.ts';

describe('useScrolledPast', () => {
  afterEach(() => scrollWindowTo(0));

  it('turns true once the page is scrolled beyond the offset, and back', () => {
    const { result } = renderHook(() => useScrolledPast(100));
    expect(result.current).toBe(false);

    scrollWindowTo(100);
    expect(result.current).toBe(false);

    scrollWindowTo(101);
    expect(result.current).toBe(true);

    scrollWindowTo(0);
    expect(result.current).toBe(false);
  });
});
