import { useState } from 'react';
import styled from 'styled-components';

const Image = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
  transition: transform 0.3s;
`;

export interface CoverImageProps {
  src: string;
  className?: string;
}

/**
 * A decorative picture filling its frame (a card cover, a thumbnail). It loads lazily, and a picture
 * that fails to load disappears, leaving the frame's own background instead of a broken image.
 */
export function CoverImage({ src, className }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return null;
  return (
    <Image
      className={className}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
