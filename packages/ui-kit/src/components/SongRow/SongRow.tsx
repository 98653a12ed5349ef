import { Children, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { formatLongUsDate } from '../../media/dates.ts';
import { durationLabel, formatDuration } from '../../media/duration.ts';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';
import { Badge } from '../Badge/Badge.tsx';
import { CoverImage } from '../CoverImage/CoverImage.tsx';
import { LinkBadge } from '../LinkBadge/LinkBadge.tsx';
import { QueueButtons, type QueueActions } from '../QueueButtons/QueueButtons.tsx';
import { MediaFrame, zoomPictureOnHover } from '../cardStyles.ts';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface SongListProps {
  children: ReactNode;
  'aria-label'?: string;
}

/** A list of song rows. */
export function SongList({ children, ...props }: SongListProps) {
  return (
    <List {...props}>
      {Children.map(children, (child) => (child == null ? null : <li>{child}</li>))}
    </List>
  );
}

const Row = styled.article<{ $current: boolean }>`
  display: flex;
  outline: ${({ theme, $current }) => ($current ? `2px solid ${theme.colours.primary}` : 'none')};
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};

  @media ${({ theme }) => theme.media.narrow} {
    align-items: flex-start;
  }
`;

const ThumbnailLink = styled(Link)`
  flex: none;
  width: 160px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.small};
  ${zoomPictureOnHover}

  @media ${({ theme }) => theme.media.narrow} {
    width: 96px;
  }
`;

const Details = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const RowQueueButtons = styled(QueueButtons)`
  flex: none;
  align-self: center;

  @media ${({ theme }) => theme.media.narrow} {
    flex-direction: column;
  }
`;

const NowPlaying = styled.strong`
  color: ${({ theme }) => theme.colours.primary};
  font-size: 0.85rem;
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1.05rem;
  overflow-wrap: anywhere;

  a {
    color: inherit;
    text-decoration: none;
  }
`;

const Meta = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.85rem;
  font-variant-numeric: tabular-nums;
`;

const Added = styled.time``;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
`;

export interface SongRowProps {
  title: string;
  youtubeId: string;
  /** Where the song plays. */
  href: string;
  /** ISO date the song was added. */
  dateAdded: string;
  isNew: boolean;
  artist: { name: string; href: string };
  playlist: { name: string; href: string };
  /** The song's length in seconds, shown beside the date when known. */
  duration?: number;
  /** The song the player plays now: marked, and `aria-current` for assistive technology. */
  current?: boolean;
  /** Play next and Add to queue, when the row offers them. */
  queueActions?: QueueActions;
}

/** A song in a list: thumbnail, title, date added, and badges for new, artist and playlist. */
export function SongRow({
  title,
  youtubeId,
  href,
  dateAdded,
  isNew,
  artist,
  playlist,
  duration,
  current = false,
  queueActions,
}: SongRowProps) {
  const length = duration ? formatDuration(duration) : '';
  return (
    <Row $current={current}>
      <ThumbnailLink href={href} tabIndex={-1} aria-hidden="true">
        <MediaFrame>
          <CoverImage src={youtubeThumbnailUrl(youtubeId, 'mqdefault')} />
        </MediaFrame>
      </ThumbnailLink>
      <Details>
        <Title>
          <Link href={href} aria-current={current ? 'true' : undefined}>
            {title}
          </Link>
        </Title>
        <Meta>
          <Added dateTime={dateAdded}>{formatLongUsDate(dateAdded)}</Added>
          {length && <span aria-label={durationLabel(duration!)}>{length}</span>}
          {current && <NowPlaying>Now playing</NowPlaying>}
        </Meta>
        <Badges>
          {isNew && <Badge variant="new">New</Badge>}
          <LinkBadge href={artist.href}>{artist.name}</LinkBadge>
          <LinkBadge href={playlist.href}>{playlist.name}</LinkBadge>
        </Badges>
      </Details>
      {queueActions && <RowQueueButtons title={title} {...queueActions} />}
    </Row>
  );
}
