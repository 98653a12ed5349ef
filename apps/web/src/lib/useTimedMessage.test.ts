import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_LIFETIME_MS, useTimedMessage } from './useTimedMessage.ts';

describe('useTimedMessage', () => {
  afterEach(() => vi.useRealTimers());

  it('clears a message after 5 seconds, counted from the latest one', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage());

    act(() => result.current[1]({ tone: 'error', text: 'first' }));
    act(() => {
      vi.advanceTimersByTime(MESSAGE_LIFETIME_MS - 1_000);
    });
    act(() => result.current[1]({ tone: 'success', text: 'second' }));
    act(() => {
      vi.advanceTimersByTime(MESSAGE_LIFETIME_MS - 1_000);
    });
    expect(result.current[0]).toEqual({ tone: 'success', text: 'second' });

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current[0]).toBeNull();
  });
});
