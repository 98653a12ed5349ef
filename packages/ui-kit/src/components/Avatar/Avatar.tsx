import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

const Frame = styled.span<{ $size: string }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  overflow: hidden;
  border-radius: 50%;
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colours.primary},
    ${({ theme }) => theme.colours.accent}
  );
  color: ${({ theme }) => theme.colours.onPrimary};
  font-weight: 700;
  font-size: calc(${({ $size }) => $size} / 2.5);
`;

const Picture = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;

  &[hidden] {
    display: none;
  }
`;

export interface AvatarProps {
  src: string;
  /** Who the picture shows; its alt text, and the initial shown when the picture cannot load. */
  name: string;
  /** Any CSS length; 64px by default. */
  size?: string;
  /** The name is written beside the picture: the picture says nothing more to a screen reader. */
  decorative?: boolean;
  className?: string;
}

/**
 * A round profile picture. Pictures are external addresses that may be unreachable (offline, a
 * deleted channel): then the name's initial on the brand's gradient stands in. The failed picture
 * is hidden, not removed: a press that began on it (on a rendered page, the app finds the failure
 * when it takes over, maybe mid-press) still ends as a click on the button around it, which the
 * browser would not send had the pressed element left the page.
 */
export function Avatar({ src, name, size = '64px', decorative = false, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const picture = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // On a page rendered by the server the picture may have failed before React listened.
    const element = picture.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  const failed = !src || failedSrc === src;
  return (
    <Frame $size={size} className={className}>
      {src && (
        <Picture
          ref={picture}
          src={src}
          alt={decorative ? '' : name}
          loading="lazy"
          hidden={failed}
          onError={() => setFailedSrc(src)}
        />
      )}
      {failed && (
        <span {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}>
          {name.trim().charAt(0).toUpperCase()}
        </span>
      )}
    </Frame>
  );
}
