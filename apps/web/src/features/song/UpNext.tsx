import { useAuth } from '@fansite/auth';
import { FAVORITE_PLAYLIST_ID, UP_NEXT_WINDOW } from '@fansite/contract';
import type { QueuedSong } from '@fansite/player/core';
import { Link, QueueButtons, formatDuration } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { useQueueActions } from '../../lib/player/appPlayer.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';

/**
 * Enough to see what comes without turning the column into the whole playlist; the playlist's
 * window a server-rendered page carries (`UP_NEXT_WINDOW`) is the Next card's song and these.
 */
const UP_NEXT_LENGTH = UP_NEXT_WINDOW - 1;

const Section = styled.section`
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: 1.125rem;
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;

  /* On a phone the list sits above the song's title and details: keep it short there. */
  @media ${({ theme }) => theme.media.narrow} {
    li:nth-child(n + 4) {
      display: none;
    }
  }
`;

const Row = styled.li`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  align-items: center;
  border-bottom: 1px solid ${({ theme }) => theme.colours.border};

  > a {
    flex: 1;
    min-width: 0;
  }

  /* The whole row is the link: a tap target of full width and at least 44 px on phones. */
  a {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 0 ${({ theme }) => theme.space[2]};
    align-items: baseline;
    min-height: 44px;
    padding: ${({ theme }) => theme.space[2]} 0;
    color: ${({ theme }) => theme.colours.text};
    text-decoration: none;
  }

  a:hover strong {
    text-decoration: underline;
  }

  strong,
  span {
    display: block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  strong {
    font-weight: 600;
  }

  span {
    grid-column: 1;
    color: ${({ theme }) => theme.colours.mutedText};
    font-size: 0.875rem;
  }

  time {
    grid-column: 2;
    grid-row: 1;
    color: ${({ theme }) => theme.colours.mutedText};
    font-size: 0.875rem;
    font-variant-numeric: tabular-nums;
  }
`;

interface UpNextRow {
  key: string;
  videoId: string;
  playlistId: string;
  title: string;
  artist: string;
  duration?: number;
  /** From the listener's queue rather than the playlist. */
  queued: boolean;
}

interface PlaylistSong {
  youtube_url: string;
  title: string;
  author_name: string;
  duration: number;
}

/**
 * The songs after `videoId` in play order: to the end, then from the start again, as the player
 * goes on after the last song.
 */
function songsAfter<Item extends PlaylistSong>(songs: Item[], videoId: string, count: number) {
  const index = songs.findIndex((song) => song.youtube_url === videoId);
  if (index === -1) return [];
  const rest = [...songs.slice(index + 1), ...songs.slice(0, index)];
  return rest.slice(0, count);
}

/** What the Next card and Up next both say while shuffle is on: no one song comes next. */
export function shuffleNotice(queueLength: number) {
  return queueLength > 0
    ? 'Shuffle is on: a random song of your queue plays next.'
    : 'Shuffle is on: a random song of this playlist plays next.';
}

export interface UpNextProps {
  videoId: string;
  playlistId: string;
  shuffle: boolean;
  /** The listener's queue, which plays before the playlist goes on. */
  queue: readonly QueuedSong[];
}

/**
 * What plays after the Next card's song: the rest of the listener's queue, then the playlist (or
 * the favourites) the song plays in. With shuffle on, the queue in no set order, and the notice
 * the Next card shows too.
 */
export function UpNext({ videoId, playlistId, shuffle, queue }: UpNextProps) {
  const { queries } = useAppContext();
  const { user } = useAuth();
  const favorites = playlistId === FAVORITE_PLAYLIST_ID;
  const playlist = useQuery({ ...queries.playlist.get({ p: playlistId }), enabled: !favorites });
  // The songs the server-rendered page came with, shown until the whole playlist is read: never
  // read here, so a page opened in the browser waits for the playlist alone.
  const rendered = useQuery({
    ...queries.playlist.upNext({ p: playlistId, s: videoId }),
    enabled: false,
  });
  const favoriteList = useQuery({
    ...queries.favorite.all({}, user?.uid ?? null),
    enabled: favorites && user !== null,
  });
  const list = favorites ? favoriteList : playlist;
  const songs = (favorites ? favoriteList.data : (playlist.data ?? rendered.data))?.songs;
  const queueActions = useQueueActions();
  // The Next card shows the first queued song, or with an empty queue the playlist's next one.
  const queuedAfterCard = shuffle ? queue : queue.slice(1);
  const playlistAfterCard = songsAfter(songs ?? [], videoId, UP_NEXT_LENGTH + 1).slice(
    queue.length > 0 ? 0 : 1,
  );
  const rows: UpNextRow[] = [
    ...queuedAfterCard.map((entry) => ({
      key: entry.id,
      videoId: entry.videoId,
      playlistId: entry.playlistId,
      title: entry.title,
      artist: entry.artist,
      queued: true,
    })),
    ...(shuffle
      ? []
      : playlistAfterCard.map((entry) => ({
          key: entry.youtube_url,
          videoId: entry.youtube_url,
          playlistId,
          title: entry.title,
          artist: entry.author_name,
          duration: entry.duration,
          queued: false,
        }))),
  ].slice(0, UP_NEXT_LENGTH);

  return (
    <Section aria-labelledby="up-next-heading">
      <h2 id="up-next-heading">Up next</h2>
      {shuffle && <p>{shuffleNotice(queue.length)}</p>}
      {!shuffle &&
      songs === undefined &&
      list.isPending &&
      queue.length === 0 ? null : rows.length === 0 ? (
        shuffle ? null : (
          <p>Nothing queued after the next song.</p>
        )
      ) : (
        <List aria-labelledby="up-next-heading">
          {rows.map((row) => (
            <Row key={row.key}>
              <Link href={paths.song(row.videoId, row.playlistId)}>
                <strong>{row.title}</strong>
                <span>{row.queued ? `${row.artist} · in your queue` : row.artist}</span>
                {row.duration !== undefined && (
                  <time dateTime={`PT${Math.floor(row.duration)}S`}>
                    {formatDuration(row.duration)}
                  </time>
                )}
              </Link>
              {!row.queued && (
                <QueueButtons
                  title={row.title}
                  {...queueActions({
                    videoId: row.videoId,
                    playlistId: row.playlistId,
                    title: row.title,
                    artist: row.artist,
                  })}
                />
              )}
            </Row>
          ))}
        </List>
      )}
    </Section>
  );
}
