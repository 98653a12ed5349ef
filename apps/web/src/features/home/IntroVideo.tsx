import { CoverImage, youtubeThumbnailUrl } from '@fansite/ui-kit';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

/** docs/product.md, constants: the intro video plays at volume 0.35. */
const INTRO_VIDEO_VOLUME = 0.35;

const Frame = styled.div`
  position: relative;
  max-width: 860px;
  margin: 0 auto ${({ theme }) => theme.space[7]};
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.large};
  background: #000000;

  iframe {
    display: block;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const PlayButton = styled.button`
  position: absolute;
  inset: 0;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;

  &::after {
    content: '';
    position: absolute;
    top: 50%;
    left: 50%;
    width: 0;
    height: 0;
    border-top: 24px solid transparent;
    border-bottom: 24px solid transparent;
    border-left: 40px solid #ffffff;
    transform: translate(-35%, -50%);
    filter: drop-shadow(0 2px 8px rgba(0, 0, 0, 0.6));
  }
`;

const PlayerHost = styled.div`
  width: 100%;
  height: 100%;
`;

/** Plays the video; YouTube's player code is fetched only now, on the first click. */
function IntroPlayer({ videoId }: { videoId: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let destroy = () => {};
    let cancelled = false;
    void import('@fansite/player/youtube').then(({ createYouTubeAdapter }) => {
      if (cancelled) return;
      const adapter = createYouTubeAdapter(host);
      adapter.setVolume(INTRO_VIDEO_VOLUME);
      adapter.load(videoId);
      destroy = () => adapter.destroy();
    });
    return () => {
      cancelled = true;
      destroy();
      host.replaceChildren();
    };
  }, [videoId]);
  return <PlayerHost ref={hostRef} />;
}

export interface IntroVideoProps {
  videoId: string;
}

/** docs/product.md, states, home intro video: its thumbnail first, the player after a click. */
export function IntroVideo({ videoId }: IntroVideoProps) {
  const [playing, setPlaying] = useState(false);
  return (
    <Frame>
      {playing ? (
        <IntroPlayer videoId={videoId} />
      ) : (
        <>
          <CoverImage src={youtubeThumbnailUrl(videoId)} />
          <PlayButton
            type="button"
            aria-label="Play the intro video"
            onClick={() => setPlaying(true)}
          />
        </>
      )}
    </Frame>
  );
}
