import { useControlWaitsForScript } from '@fansite/ssr/browser';
import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import styled from 'styled-components';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion.ts';

const GAP = '1rem';

const Region = styled.section`
  position: relative;
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/**
 * Slides are as wide as `slideWidth`, but never so narrow that more than `max` show nor so wide
 * that fewer than `min` do: the count follows the screen with no script.
 */
const Track = styled.ul<{ $min: number; $max: number; $slideWidth: string }>`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: clamp(
    calc((100% - ${({ $max }) => $max - 1} * ${GAP}) / ${({ $max }) => $max}),
    ${({ $slideWidth }) => $slideWidth},
    calc((100% - ${({ $min }) => $min - 1} * ${GAP}) / ${({ $min }) => $min})
  );
  gap: ${GAP};
  margin: 0;
  padding: ${({ theme }) => theme.space[2]} 0;
  overflow-x: auto;
  list-style: none;
  scroll-snap-type: x mandatory;
  scroll-behavior: smooth;
  scrollbar-width: none;

  @media (prefers-reduced-motion: reduce) {
    scroll-behavior: auto;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colours.accent};
  }
`;

const Slide = styled.li`
  min-width: 0;
  scroll-snap-align: start;
`;

const Arrow = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* A finger needs 44 px (WCAG 2.5.5). */
  width: 44px;
  height: 44px;
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.text};
  font-size: 1.25rem;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colours.primary};
  }
`;

export interface CarouselProps<Item> {
  /** Names the carousel for assistive technology, e.g. "Network members". */
  label: string;
  items: readonly Item[];
  getKey: (item: Item) => Key;
  renderSlide: (item: Item, index: number) => ReactNode;
  /** Advances one slide this often; never while hovered, focused or when motion is reduced. */
  autoplayMs: number;
  /** How many slides show at once, at least and at most, whatever the width. */
  slidesPerView: { min: number; max: number };
  /** The width a slide aims for between those bounds (any CSS length). */
  slideWidth: string;
}

/**
 * A row of slides that scrolls by itself. Pointer and keyboard users keep control: hovering or
 * focusing anything inside pauses it, the arrows step through, and the track scrolls with the
 * arrow keys once focused. With reduced motion asked for, it never moves by itself.
 */
export function Carousel<Item>({
  label,
  items,
  getKey,
  renderSlide,
  autoplayMs,
  slidesPerView,
  slideWidth,
}: CarouselProps<Item>) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = !hovered && !focused && !reducedMotion && items.length > 1;

  const step = (direction: 1 | -1) => {
    const track = trackRef.current;
    const slide = track?.firstElementChild as HTMLElement | null;
    if (!track || !slide) return;
    const slideStep = slide.offsetWidth + parseFloat(getComputedStyle(track).columnGap || '0');
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    const atStart = track.scrollLeft <= 0;
    // Going past either end goes round, as the autoplay does.
    if (direction === 1 && atEnd) track.scrollTo({ left: 0 });
    else if (direction === -1 && atStart) track.scrollTo({ left: track.scrollWidth });
    else track.scrollBy({ left: direction * slideStep });
  };
  const stepRef = useRef(step);
  stepRef.current = step;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => stepRef.current(1), autoplayMs);
    return () => clearInterval(timer);
  }, [playing, autoplayMs]);

  // The arrows do nothing without the app: disabled until the page keeps presses for them.
  const pressKept = useControlWaitsForScript();
  return (
    <Region
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Arrow type="button" aria-label="Previous slide" onClick={() => step(-1)} {...pressKept}>
        ‹
      </Arrow>
      <Track
        ref={trackRef}
        tabIndex={0}
        aria-label={label}
        $min={slidesPerView.min}
        $max={slidesPerView.max}
        $slideWidth={slideWidth}
      >
        {items.map((item, index) => (
          <Slide key={getKey(item)} aria-roledescription="slide">
            {renderSlide(item, index)}
          </Slide>
        ))}
      </Track>
      <Arrow type="button" aria-label="Next slide" onClick={() => step(1)} {...pressKept}>
        ›
      </Arrow>
    </Region>
  );
}
