import type { PlayerAdapter } from '@fansite/player/core';
import type { Radio } from '@fansite/player/radio';
import { useAdapterMount, useRadioState } from '@fansite/player/react';
import { Button, PlayerUnavailable, Toast } from '@fansite/ui-kit';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

/** docs/product.md, constants: 'Link copied!' shows for 1500 ms. */
const LINK_COPIED_MS = 1_500;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.text};
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};

  h2 {
    margin: 0;
  }
`;

const Live = styled.span`
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: #dc2626;
  color: #ffffff;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.08em;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colours.mutedText};
`;

/**
 * At most 45 % of the window's height: Unmute, the volume and Copy link stay in view without
 * scrolling on a laptop (1280×800) as on a phone (390×844).
 */
const Screen = styled.div`
  position: relative;
  justify-self: center;
  width: min(100%, calc(45svh * 16 / 9));
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: #000000;

  > div,
  iframe {
    width: 100%;
    height: 100%;
  }
`;

/** Covers the video area when YouTube cannot be reached; the player's element stays beneath. */
const Unavailable = styled.div`
  position: absolute;
  inset: 0;
`;

/**
 * The song may arrive after the page ("Tuning in..." until the station answers, where the page was
 * rendered without it): the space for its title and artist is kept from the start, so nothing
 * below moves when it comes (no layout shift).
 */
const NowPlaying = styled.section`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space[1]};
  min-height: 3.5rem;

  h3 {
    margin: 0;
    font-size: 1.25rem;
    line-height: 1.75rem;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }
`;

const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colours.accent};
`;

const LastPlayed = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colours.mutedText};
`;

/** Where the video shows; the backend is built once, when the widget mounts. */
function RadioScreen({
  radio,
  createAdapter,
}: {
  radio: Radio;
  createAdapter: (host: HTMLElement) => PlayerAdapter;
}) {
  const elementRef = useAdapterMount(radio, createAdapter);

  // Tuned in while the widget shows: a page without it does not poll the station.
  useEffect(() => {
    void radio.start();
    return () => radio.stop();
  }, [radio]);

  return <div ref={elementRef} />;
}

export interface RadioWidgetProps {
  radio: Radio;
  /** Builds the video backend inside the element it is given, e.g. `createYouTubeAdapter`. */
  createAdapter: (host: HTMLElement) => PlayerAdapter;
  /** The address the copy-link action copies. */
  shareUrl: string;
  title?: string;
}

/**
 * The radio (docs/product.md (screens, states)): the station's song at the same moment for every
 * listener, muted until the listener unmutes, a volume slider, a copy-link action, who is
 * listening and what played before.
 */
export function RadioWidget({ radio, createAdapter, shareUrl, title = 'Radio' }: RadioWidgetProps) {
  const song = useRadioState(radio, (state) => state.song);
  const muted = useRadioState(radio, (state) => state.muted);
  const volume = useRadioState(radio, (state) => state.volume);
  const notice = useRadioState(radio, (state) => state.notice);
  const status = useRadioState(radio, (state) => state.status);
  const [copied, setCopied] = useState(false);
  const silent = status === 'offline' || status === 'unavailable';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copyLink = async () => {
    await navigator.clipboard.writeText(shareUrl);
    setCopied(true);
  };

  return (
    <Section aria-label={title}>
      <Header>
        <h2>{title}</h2>
        <Live>LIVE</Live>
      </Header>
      <Screen>
        <RadioScreen radio={radio} createAdapter={createAdapter} />
        {status === 'unavailable' && (
          <Unavailable>
            <PlayerUnavailable youtubeId={song?.youtube_url} onRetry={() => radio.retryPlayer()} />
          </Unavailable>
        )}
      </Screen>
      <NowPlaying aria-label="Now playing" aria-live="polite">
        {song ? (
          <>
            <h3>{song.title}</h3>
            <Muted>
              {song.author_name} · {song.category_name}
            </Muted>
          </>
        ) : (
          <Muted>Tuning in...</Muted>
        )}
      </NowPlaying>
      {notice && <Notice role="status">{notice}</Notice>}
      <Controls>
        {/* Offline, or with no video player, there is no sound to turn on or off. */}
        <Button
          variant="primary"
          onClick={() => (muted ? radio.unmute() : radio.mute())}
          disabled={silent}
        >
          {silent ? 'Nothing playing' : muted ? 'Unmute' : 'Mute'}
        </Button>
        <label>
          Volume
          <input
            type="range"
            min={0}
            max={100}
            value={volume}
            onChange={(event) => radio.setVolume(Number(event.target.value))}
          />
        </label>
        <Button variant="secondary" onClick={() => void copyLink()}>
          Copy link
        </Button>
        {song && (
          <Muted>
            {song.listeners} {song.listeners === 1 ? 'listener' : 'listeners'}
          </Muted>
        )}
      </Controls>
      {song && song.last_played.length > 0 && (
        <div>
          <h3>Last played</h3>
          <LastPlayed>
            {song.last_played.map((played) => (
              <li key={played.start_time}>
                {played.title} · {played.author_name}
              </li>
            ))}
          </LastPlayed>
        </div>
      )}
      <Toast message={copied ? 'Link copied!' : null} />
    </Section>
  );
}
