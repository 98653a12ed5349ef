import { ApiError, errorMessage } from '@fansite/api-client';
import { useAuth } from '@fansite/auth';
import { ResponseCode } from '@fansite/contract';
import type { SongRef } from '@fansite/player/core';
import { usePlayer, usePlayerState } from '@fansite/player/react';
import { Button, Container, EmptyState, NextSongCard, Spinner, Toast } from '@fansite/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactElement } from 'react';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { toPlayerSong, useSongPageHandlers } from '../../lib/player/appPlayer.tsx';
import { VideoSlot } from '../../lib/player/VideoSlot.tsx';
import { VideoStatus } from '../../lib/player/VideoStatus.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';
import { AdSlot } from './AdSlot.tsx';
import { ExploreMore } from './ExploreMore.tsx';
import { LoginRequiredDialog } from './LoginRequiredDialog.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { SongActions } from './SongActions.tsx';
import { SongDescription, SongHeading } from './SongDetails.tsx';
import { useCopyLink } from './useCopyLink.ts';
import { useFavoriteToggle } from './useFavoriteToggle.ts';
import { shuffleNotice, UpNext } from './UpNext.tsx';

/**
 * Wide: the player, its title and the details on the left, what comes next on the right (so the
 * details follow the player, not the end of a long column). Narrow: the player and title, what
 * comes next, then the details.
 */
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 320px;
  grid-template-rows: auto 1fr;
  grid-template-areas:
    'player aside'
    'details aside';
  gap: ${({ theme }) => theme.space[5]};
  align-items: start;
  /* Closer to the navbar than the container's usual top: the first screen is the player's. */
  margin: ${({ theme }) => `calc(${theme.space[4]} - ${theme.space[6]}) 0 ${theme.space[6]}`};

  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: none;
    grid-template-areas: 'player' 'aside' 'details';
    margin-top: calc(${({ theme }) => `${theme.space[3]} - ${theme.space[6]}`});
  }
`;

const PlayerColumn = styled.div`
  grid-area: player;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

/**
 * Holds the video slot, and over it (and over the app's video laid on the slot) what keeps the
 * song from playing: loading, YouTube unreachable, a video that cannot play.
 */
const VideoArea = styled.div`
  position: relative;
  border-radius: ${({ theme }) => theme.radii.medium};
`;

const Aside = styled.aside`
  grid-area: aside;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;

  > * {
    width: 100%;
  }
`;

const Sections = styled.div`
  grid-area: details;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[7]};
  min-width: 0;
`;

/** A song the API does not know, or an address that names none: the 404 view. */
const isMissingSong = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === ResponseCode.notFound || error.code === ResponseCode.badInput);

export interface SongPageProps {
  videoId: string;
  playlistId: string;
  shuffle: boolean;
  /** Where to start the first song, from a shared link's `t`. */
  startSeconds?: number;
  /** Makes another song the page's song (changes the URL). */
  onOpenSong: (song: SongRef) => void;
  onShuffleChange: (shuffle: boolean) => void;
  /** The site's 404 view, shown when the song cannot be loaded. */
  notFoundView: ReactElement;
}

/**
 * docs/product.md, screens, /song: the expanded view of the app's player. The URL names the song:
 * the page loads it and hands it to the player, and while the page is shown the player opens each
 * next song through the URL.
 */
export function SongPage({
  videoId,
  playlistId,
  shuffle,
  startSeconds,
  onOpenSong,
  onShuffleChange,
  notFoundView,
}: SongPageProps) {
  const { queries, brand } = useAppContext();
  const { user, ready } = useAuth();
  const player = usePlayer();
  const songRead = queries.song.get({ s: videoId, p: playlistId }, user?.uid ?? null);
  const songQuery = useQuery({
    ...songRead,
    // The favourite flag depends on who asks: wait for the saved session, read once.
    enabled: ready,
    // The previous song stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Only a network failure is worth another try; the server's answers stand.
    retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
  });
  const loadedSong = songQuery.isPlaceholderData ? undefined : songQuery.data;
  const song = songQuery.data;
  const notice = usePlayerState((state) => state.notice);
  const queue = usePlayerState((state) => state.queue);
  const [firstQueued] = queue;
  const favorite = useFavoriteToggle({ song: loadedSong, query: songRead });
  const { copied, copyLink } = useCopyLink();
  const [reporting, setReporting] = useState(false);

  useSongPageHandlers({ openSong: onOpenSong, setShuffle: onShuffleChange });
  useEffect(() => player.setShuffle(shuffle), [player, shuffle]);
  useEffect(() => {
    if (loadedSong) player.setSong(toPlayerSong(loadedSong, playlistId), { startSeconds });
  }, [player, loadedSong, playlistId, startSeconds]);

  if (songQuery.isError) {
    if (isMissingSong(songQuery.error)) return notFoundView;
    return (
      <EmptyState title={errorMessage(songQuery.error)} titleLevel="h1">
        <Button onClick={() => songQuery.refetch()}>Try again</Button>
      </EmptyState>
    );
  }
  if (!song) return <Spinner label="Loading the song" />;

  function copySongLink() {
    const { currentTime } = player.getState();
    const link = paths.song(videoId, playlistId, { shuffle, startSeconds: currentTime });
    void copyLink(new URL(link, window.location.origin).href);
  }

  return (
    <>
      <DocumentTitle page={song.title} />
      <Container>
        <Layout>
          <PlayerColumn>
            <VideoArea>
              <VideoSlot />
              <VideoStatus />
            </VideoArea>
            <SongActions
              hasPrevious={song.previous !== null}
              isFavorite={favorite.isFavorite}
              onToggleFavorite={favorite.toggleFavorite}
              favoriteWaiting={favorite.waiting}
              onToggleShuffle={() => onShuffleChange(!shuffle)}
              onReport={() => setReporting(true)}
              onCopyLink={copySongLink}
            />
            <SongHeading song={song} />
          </PlayerColumn>
          <Aside>
            <NextSongCard
              song={
                shuffle
                  ? null
                  : firstQueued
                    ? {
                        title: firstQueued.title,
                        youtubeId: firstQueued.videoId,
                        href: paths.song(firstQueued.videoId, firstQueued.playlistId),
                      }
                    : song.next
                      ? {
                          title: song.next_title ?? '',
                          youtubeId: song.next,
                          href: paths.song(song.next, playlistId, { shuffle }),
                        }
                      : null
              }
              message={shuffle ? shuffleNotice(queue.length) : undefined}
            />
            {brand.ads.client && brand.ads.slot && (
              <AdSlot client={brand.ads.client} slot={brand.ads.slot} />
            )}
            <UpNext videoId={videoId} playlistId={playlistId} shuffle={shuffle} queue={queue} />
          </Aside>
          <Sections>
            <SongDescription song={song} />
            <ExploreMore />
          </Sections>
        </Layout>
      </Container>
      <Toast message={copied ? 'Link copied!' : (favorite.failure ?? notice)} />
      {reporting && <ReportDialog videoId={videoId} onClose={() => setReporting(false)} />}
      {favorite.loginRequired && <LoginRequiredDialog onClose={favorite.closeLoginRequired} />}
    </>
  );
}
