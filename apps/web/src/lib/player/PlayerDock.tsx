import { usePlayer, usePlayerState, useAdapterMount } from '@fansite/player/react';
import { createYouTubeAdapter } from '@fansite/player/youtube';
import { PlayerBar, Toast } from '@fansite/ui-kit';
import { useEffect, useLayoutEffect, useState, type CSSProperties } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { paths } from '../paths.ts';
import { MESSAGE_LIFETIME_MS } from '../useTimedMessage.ts';
import { useAppPlayer, useDockState } from './appPlayer.tsx';
import { QueuePanel } from './QueuePanel.tsx';
import { PlayerShortcuts } from './shortcuts.tsx';
import { describePlayerStatus, VideoStatus } from './VideoStatus.tsx';

/** YouTube's smallest player is 200 x 200 px; the mini-player is 16:9 where the screen allows. */
const MINI_HEIGHT_PX = 200;
const MINI_GAP_PX = 8;

const FixedBar = styled(PlayerBar)`
  position: fixed;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: 30;
`;

const Video = styled.div`
  z-index: 5;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: #000000;

  &[data-mini] {
    position: fixed;
    right: ${MINI_GAP_PX}px;
    bottom: calc(${({ theme }) => theme.layout.playerBarHeight} + ${MINI_GAP_PX}px);
    z-index: 25;
    width: ${(MINI_HEIGHT_PX * 16) / 9}px;
    height: ${MINI_HEIGHT_PX}px;
    box-shadow: 0 4px 24px rgba(0, 0, 0, 0.45);

    @media ${({ theme }) => theme.media.narrow} {
      width: ${MINI_HEIGHT_PX}px;
    }
  }

  /* Folded away by the listener: out of sight, still playing (a new player would lose autoplay). */
  &[data-hidden] {
    visibility: hidden;
  }
`;

/** The element the player is built in, and the player's own frame, fill the video's place. */
const Frame = styled.div`
  width: 100%;
  height: 100%;

  iframe,
  div {
    display: block;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

/**
 * The page ends above the bar (and the mini-player), so nothing is left under them; messages
 * float above them too.
 */
const ReserveSpace = createGlobalStyle<{ $mini: boolean }>`
  :root {
    --player-bar-offset: calc(
      ${({ theme }) => theme.layout.playerBarHeight} +
        ${({ $mini }) => ($mini ? `${MINI_HEIGHT_PX + 2 * MINI_GAP_PX}px` : '0px')}
    );
  }

  body {
    padding-bottom: var(--player-bar-offset);
  }
`;

/**
 * The player bar and the video, for every page once a song plays. The video element is made
 * once and never moves in the document (moving an iframe reloads it and stops the music): on the
 * song page it is laid over the page's video slot, elsewhere it is the mini-player.
 */
export function PlayerDock() {
  const song = usePlayerState((state) => state.song);
  // A song brought back from the last visit loads nothing until Play.
  const wantsVideo = usePlayerState((state) => state.song !== null && state.status !== 'cued');
  const toast = useDockState((state) => state.failure ?? state.message);
  const queueOpen = useDockState((state) => state.queueOpen);
  const { clearFailure, setQueueOpen } = useAppPlayer();
  // The video, once made, stays for the app's life; before the first song no YouTube code loads.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (wantsVideo) setStarted(true);
  }, [wantsVideo]);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(clearFailure, MESSAGE_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [toast, clearFailure]);

  return (
    <>
      <PlayerShortcuts />
      {started && <VideoHost />}
      {song && <Bar />}
      {song && queueOpen && <QueuePanel onClose={() => setQueueOpen(false)} />}
      {/* Only while there is one: pages keep their own status region, and tests find one. */}
      {toast && <Toast message={toast} />}
    </>
  );
}

function Bar() {
  const player = usePlayer();
  const { toggleShuffle, toggleVideo, setQueueOpen, close } = useAppPlayer();
  const state = usePlayerState((current) => current);
  const onSongPage = useDockState((dock) => dock.videoSlot !== null);
  const videoHidden = useDockState((dock) => dock.videoHidden);
  const { song } = state;
  if (!song) return null;
  // Before the first Play of a song brought back, there is no video to show yet.
  const miniShown = !onSongPage && !videoHidden && state.status !== 'cued';
  return (
    <>
      <ReserveSpace $mini={miniShown} />
      <FixedBar
        title={song.title}
        artist={song.artist}
        songHref={
          onSongPage ? null : paths.song(song.videoId, song.playlistId, { shuffle: state.shuffle })
        }
        playing={state.status === 'playing'}
        hasPrevious={song.previousVideoId !== null}
        shuffle={state.shuffle}
        repeat={state.repeat}
        muted={state.muted}
        volume={state.volume}
        currentTime={state.currentTime}
        duration={state.duration}
        onTogglePlay={player.togglePlay}
        onPrevious={player.previous}
        onNext={player.next}
        onToggleShuffle={toggleShuffle}
        onToggleRepeat={player.toggleRepeat}
        onToggleMute={player.toggleMute}
        onSeek={player.seekTo}
        onVolumeChange={player.setVolume}
        statusText={describePlayerStatus(state)}
        statusShown={state.status === 'unavailable' || state.status === 'unplayable'}
        queueLength={state.queue.length}
        onOpenQueue={() => setQueueOpen(true)}
        videoHidden={onSongPage ? null : videoHidden}
        onToggleVideo={toggleVideo}
        onClose={close}
      />
    </>
  );
}

/** Where the song page's slot is, in page coordinates, kept up to date as the page moves. */
function useSlotBox(slot: HTMLElement | null): CSSProperties | null {
  const [box, setBox] = useState<CSSProperties | null>(null);
  useLayoutEffect(() => {
    if (!slot) {
      setBox(null);
      return;
    }
    const measure = () => {
      const rect = slot.getBoundingClientRect();
      setBox({
        position: 'absolute',
        top: rect.top + window.scrollY,
        left: rect.left + window.scrollX,
        width: rect.width,
        height: rect.height,
      });
    };
    measure();
    // The slot moves when it or anything above it changes size (data arriving, a wider window).
    // Where ResizeObserver is missing (old browsers, test DOMs) window resizes still move it.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(slot);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [slot]);
  return box;
}

function VideoHost() {
  const { player } = useAppPlayer();
  const slot = useDockState((dock) => dock.videoSlot);
  const stopped = usePlayerState((state) => state.song === null);
  const videoHidden = useDockState((dock) => dock.videoHidden);
  const box = useSlotBox(slot);
  const elementRef = useAdapterMount(player, createYouTubeAdapter);
  const mini = box === null;
  // A stopped or folded player keeps its video element (a new one would lose autoplay) out of
  // sight.
  const hidden = stopped || (mini && videoHidden);
  return (
    <Video
      data-mini={mini ? '' : undefined}
      data-hidden={hidden ? '' : undefined}
      style={box ?? undefined}
    >
      <Frame ref={elementRef} />
      {/* The song page lays its own notices over its slot. */}
      {mini && !hidden && <VideoStatus />}
    </Video>
  );
}
