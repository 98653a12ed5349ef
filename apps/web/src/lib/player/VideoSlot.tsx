import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useAppPlayer } from './appPlayer.tsx';

const Slot = styled.div`
  aspect-ratio: 16 / 9;
  /* YouTube's smallest player, on the narrowest phones too. */
  min-height: 200px;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: #000000;
`;

/**
 * Where the song page shows the video: a place kept free for it. The video itself belongs to the
 * app's player (see PlayerDock), which lays it over this slot while the slot is shown.
 */
export function VideoSlot() {
  const { setVideoSlot } = useAppPlayer();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setVideoSlot(ref.current);
    return () => setVideoSlot(null);
  }, [setVideoSlot]);
  return <Slot ref={ref} />;
}
