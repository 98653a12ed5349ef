import type { PlayerAdapter } from '@fansite/player/core';
import { useAdapterMount } from '@fansite/player/react';
import { XIcon } from '@fansite/ui-kit';
import { useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';

const Panel = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space[5]};
  bottom: ${({ theme }) => theme.space[5]};
  z-index: 20;
  width: min(420px, calc(100vw - 2 * ${({ theme }) => theme.space[5]}));
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.5);

  @media ${({ theme }) => theme.media.narrow} {
    right: ${({ theme }) => theme.space[3]};
    bottom: ${({ theme }) => theme.space[3]};
    width: calc(100vw - 2 * ${({ theme }) => theme.space[3]});
  }
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  color: ${({ theme }) => theme.colours.text};

  h2 {
    margin: 0;
    overflow: hidden;
    font-size: 0.95rem;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Close = styled.button`
  display: inline-flex;
  flex: none;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colours.accent};
  }
`;

const Screen = styled.div`
  aspect-ratio: 16 / 9;
  background: #000000;

  > div,
  iframe {
    width: 100%;
    height: 100%;
  }
`;

export interface FloatingVideoPlayerProps {
  videoId: string;
  title: string;
  /** Builds the video backend inside the element it is given (YouTube; a fake in tests). */
  createAdapter: (element: HTMLElement) => PlayerAdapter;
  /** Closes the player; the page then gives focus back to what opened it. */
  onClose: () => void;
}

/**
 * A video playing in a small window over the page, which stays usable around it (not a modal).
 * The close button takes focus when it opens, and Escape closes it from anywhere on the page.
 */
export function FloatingVideoPlayer({
  videoId,
  title,
  createAdapter,
  onClose,
}: FloatingVideoPlayerProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  // One backend per video: it loads the video as soon as it is attached.
  const host = useMemo(
    () => ({
      attach(adapter: PlayerAdapter) {
        adapter.load(videoId);
        return () => adapter.pause();
      },
    }),
    [videoId],
  );
  const screenRef = useAdapterMount(host, createAdapter);

  useEffect(() => {
    closeRef.current?.focus();
  }, [videoId]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <Panel role="dialog" aria-label="Video player" aria-modal="false">
      <Bar>
        <h2>{title}</h2>
        <Close ref={closeRef} type="button" aria-label="Close the video" onClick={onClose}>
          <XIcon width={20} height={20} />
        </Close>
      </Bar>
      <Screen>
        <div ref={screenRef} />
      </Screen>
    </Panel>
  );
}
