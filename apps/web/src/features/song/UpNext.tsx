import { useAuth } from '@fansite/auth';
import { FAVORITE_PLAYLIST_ID } from '@fansite/contract';
import { Link, formatDuration } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';

/** Enough to see what comes without turning the column into the whole playlist. */
const UP_NEXT_LENGTH = 10;

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
  border-bottom: 1px solid ${({ theme }) => theme.colours.border};

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

interface QueuedSong {
  youtube_url: string;
  title: string;
  author_name: string;
  duration: number;
}

/**
 * The songs after `videoId` in play order: to the end, then from the start again, as the player
 * goes on after the last song.
 */
function songsAfter<Item extends QueuedSong>(songs: Item[], videoId: string, count: number) {
  const index = songs.findIndex((song) => song.youtube_url === videoId);
  if (index === -1) return [];
  const rest = [...songs.slice(index + 1), ...songs.slice(0, index)];
  return rest.slice(0, count);
}

export interface UpNextProps {
  videoId: string;
  playlistId: string;
  shuffle: boolean;
}

/** The next songs of the playlist (or of the favourites) the song plays in. */
export function UpNext({ videoId, playlistId, shuffle }: UpNextProps) {
  const { queries } = useAppContext();
  const { user } = useAuth();
  const favorites = playlistId === FAVORITE_PLAYLIST_ID;
  const playlist = useQuery({ ...queries.playlist.get({ p: playlistId }), enabled: !favorites });
  const favoriteList = useQuery({
    ...queries.favorite.all({}, user?.uid ?? null),
    enabled: favorites && user !== null,
  });
  const list = favorites ? favoriteList : playlist;
  const upNext = songsAfter(list.data?.songs ?? [], videoId, UP_NEXT_LENGTH);

  return (
    <Section aria-labelledby="up-next-heading">
      <h2 id="up-next-heading">Up next</h2>
      {shuffle ? (
        <p>Shuffle is on: a random song of this playlist plays next.</p>
      ) : list.isPending ? null : upNext.length === 0 ? (
        <p>Nothing queued after this song.</p>
      ) : (
        <List aria-labelledby="up-next-heading">
          {upNext.map((song) => (
            <Row key={song.youtube_url}>
              <Link href={paths.song(song.youtube_url, playlistId)}>
                <strong>{song.title}</strong>
                <span>{song.author_name}</span>
                <time dateTime={`PT${Math.floor(song.duration)}S`}>
                  {formatDuration(song.duration)}
                </time>
              </Link>
            </Row>
          ))}
        </List>
      )}
    </Section>
  );
}
