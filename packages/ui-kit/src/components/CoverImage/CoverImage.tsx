import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Image = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
  transition: transform 0.3s;

  &[hidden] {
    display: none;
  }
`;

export interface CoverImageProps {
  src: string;
  className?: string;
}

/**
 * A decorative picture filling its frame (a card cover, a thumbnail). It loads lazily, and a picture
 * that fails to load disappears, leaving the frame's own background instead of a broken image. It
 * is hidden rather than removed: a press that began on it (on a rendered page, the app finds the
 * failure when it takes over, maybe mid-press) still ends as a click on the button around it,
 * which the browser would not send had the pressed element left the page.
 */
export function CoverImage({ src, className }: CoverImageProps) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A page rendered on the server loads its pictures before the app takes over: one that
    // failed then fired its error before React listened, so it is looked at once on mounting.
    // The element is hidden directly, not through state: on a rendered page every failed
    // picture would otherwise re-render its card as the app takes over.
    const element = image.current;
    if (element) element.hidden = element.complete && element.naturalWidth === 0;
  }, [src]);
  return (
    <Image
      ref={image}
      className={className}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={(event) => {
        event.currentTarget.hidden = true;
      }}
      onLoad={(event) => {
        event.currentTarget.hidden = false;
      }}
    />
  );
}
