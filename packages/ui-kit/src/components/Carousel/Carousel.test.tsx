import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../test/matchMedia.ts';
import { renderWithTheme } from '../../test/render.tsx';
import { Carousel } from './Carousel.tsx';

const names = ['Ada', 'Ben', 'Cleo', 'Dan'];

function renderCarousel() {
  return renderWithTheme(
    <Carousel
      label="Members"
      items={names}
      getKey={(name) => name}
      renderSlide={(name) => <button type="button">{name}</button>}
      autoplayMs={2000}
      slidesPerView={{ min: 3, max: 12 }}
      slideWidth="120px"
    />,
  );
}

describe('Carousel', () => {
  // jsdom lays nothing out and does not scroll: watch the scroll calls instead.
  const scrollBy = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    scrollBy.mockClear();
    Element.prototype.scrollBy = scrollBy;
    Element.prototype.scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
      configurable: true,
      get: () => 1000,
    });
    stubMatchMedia(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const advance = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };

  it('lists every slide in a named carousel', () => {
    renderCarousel();

    expect(screen.getByRole('list', { name: 'Members' }).children).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'Members' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
  });

  it('advances one slide at each autoplay interval', () => {
    renderCarousel();

    advance(1999);
    expect(scrollBy).not.toHaveBeenCalled();
    advance(1);
    expect(scrollBy).toHaveBeenCalledTimes(1);
    advance(2000);
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('pauses while hovered and while something inside has focus', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Members' });

    fireEvent.mouseEnter(region);
    advance(6000);
    expect(scrollBy).not.toHaveBeenCalled();
    fireEvent.mouseLeave(region);

    act(() => screen.getByRole('button', { name: 'Ben' }).focus());
    advance(6000);
    expect(scrollBy).not.toHaveBeenCalled();

    act(() => screen.getByRole('button', { name: 'Ben' }).blur());
    advance(2000);
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('never moves by itself when reduced motion is asked for', () => {
    stubMatchMedia(true);
    renderCarousel();

    advance(10_000);
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('steps with the arrow buttons', () => {
    renderCarousel();

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});
