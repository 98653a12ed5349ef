import { act } from '@testing-library/react';

/** jsdom does not scroll: set the page offset and tell listeners, as a browser would. */
export function scrollWindowTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}
