import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useAppPlayer } from './appPlayer.tsx';

const Slot = styled.div`
  /* The width is set, not left to the ratio: with an automatic width the 200 px minimum height
     would pass through the ratio to a 356 px minimum width, wider than a 360 px phone's page. */
  width: 100%;
  /* On a short screen the video gives up width, so the song's title and controls still show
     below it on the first screen; never under YouTube's 200 px minimum (356 px at 16:9). */
  max-width: max(356px, calc((100vh - 400px) * 16 / 9));
  margin: 0 auto;
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
