import type { PlayerState } from '@fansite/player/core';
import { usePlayer, usePlayerState } from '@fansite/player/react';
import { Button, ButtonLink, PlayerUnavailable, youtubeWatchUrl } from '@fansite/ui-kit';
import styled from 'styled-components';

/**
 * Why the song is not playing, in words, or null while it plays or is paused: what the bar shows
 * instead of the artist and reads out, and what the video's place shows.
 */
export function describePlayerStatus(state: Pick<PlayerState, 'status' | 'notice'>) {
  switch (state.status) {
    case 'loading':
      return state.notice ?? 'Loading the video…';
    case 'unavailable':
      return 'YouTube cannot be reached right now.';
    case 'unplayable':
      return state.notice ?? "This video can't be played.";
    case 'cued':
      return 'Paused where you left off.';
    default:
      return state.notice;
  }
}

const Panel = styled.div`
  position: absolute;
  inset: 0;
  z-index: 6;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: inherit;
  background: rgba(0, 0, 0, 0.82);
  color: #ffffff;
  text-align: center;

  p {
    margin: 0;
    font-weight: 600;
  }

  /* The unreachable notice takes the whole place, as on the song page. */
  > [role='alert'] {
    position: absolute;
    inset: 0;
    min-height: 0;
    padding: ${({ theme }) => theme.space[3]};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  justify-content: center;
`;

/**
 * Laid over the video while it does not play: loading, YouTube unreachable (Retry, Open on
 * YouTube), a video that cannot play, a song brought back from the last visit (Play). Nothing
 * while the video plays or is paused. The player bar reads the same words out (its status).
 */
export function VideoStatus() {
  const player = usePlayer();
  const status = usePlayerState((state) => state.status);
  const notice = usePlayerState((state) => state.notice);
  const videoId = usePlayerState((state) => state.song?.videoId);
  if (!videoId) return null;
  const message = describePlayerStatus({ status, notice });
  switch (status) {
    case 'loading':
      // Clicks go through to the video: where the browser holds autoplay back, its own play
      // button is under this.
      return (
        <Panel style={{ pointerEvents: 'none' }}>
          <p>{message}</p>
        </Panel>
      );
    case 'unavailable':
      return (
        <Panel>
          <PlayerUnavailable youtubeId={videoId} onRetry={player.retry} />
        </Panel>
      );
    case 'unplayable':
      return (
        <Panel>
          <p>{message}</p>
          <Actions>
            <Button onClick={player.next}>Next song</Button>
            <ButtonLink href={youtubeWatchUrl(videoId)} variant="secondary" target="_blank">
              Open on YouTube
            </ButtonLink>
          </Actions>
        </Panel>
      );
    case 'cued':
      return (
        <Panel>
          <p>{message}</p>
          <Button onClick={player.togglePlay}>Play</Button>
        </Panel>
      );
    default:
      return null;
  }
}
