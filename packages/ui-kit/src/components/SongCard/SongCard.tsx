import styled, { css } from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { durationLabel, formatDuration } from '../../media/duration.ts';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';
import { CoverImage } from '../CoverImage/CoverImage.tsx';
import { QueueButtons, type QueueActions } from '../QueueButtons/QueueButtons.tsx';
import { cardSurface, MediaFrame, zoomPictureOnHover } from '../cardStyles.ts';

const Frame = styled(MediaFrame)`
  position: relative;
`;

const Text = styled.div`
  min-width: 0;
  padding: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1rem;
  overflow-wrap: anywhere;
`;

const Artist = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.875rem;
`;

const Length = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space[1]};
  bottom: ${({ theme }) => theme.space[1]};
  padding: 0 ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radii.small};
  background: rgba(0, 0, 0, 0.8);
  color: #ffffff;
  font-size: 0.75rem;
  font-variant-numeric: tabular-nums;
`;

/** Marks the song that plays now, over its picture. */
const NowPlaying = styled.span`
  position: absolute;
  left: ${({ theme }) => theme.space[1]};
  bottom: ${({ theme }) => theme.space[1]};
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colours.primary};
  color: ${({ theme }) => theme.colours.onPrimary};
  font-size: 0.75rem;
  font-weight: 700;
  white-space: nowrap;
`;

/** Play next and Add to queue: over the picture's corner, beside the link rather than in it. */
const CardQueueButtons = styled(QueueButtons)`
  position: absolute;
  top: ${({ theme }) => theme.space[1]};
  right: ${({ theme }) => theme.space[1]};
`;

// On a phone a long playlist reads as a list: a small thumbnail beside the text, one song a line.
const compactOnNarrowStyles = css`
  @media ${({ theme }) => theme.media.narrow} {
    flex-direction: row;
    align-items: center;

    ${Frame} {
      flex: none;
      width: 96px;
      margin: ${({ theme }) => theme.space[2]};
      border-radius: ${({ theme }) => theme.radii.small};
    }

    ${Text} {
      padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]} ${theme.space[2]} 0`};
    }

    ${Title} {
      font-size: 0.95rem;
    }
  }
`;

const compactButtonsStyles = css`
  @media ${({ theme }) => theme.media.narrow} {
    ${CardQueueButtons} {
      top: 50%;
      transform: translateY(-50%);
    }

    /* The text stops before the buttons at the row's end (over the link's own padding). */
    && ${Text} {
      padding-right: 100px;
    }
  }
`;

const CardBox = styled.div<{ $compactOnNarrow: boolean; $current: boolean }>`
  position: relative;
  height: 100%;
  border-radius: ${({ theme }) => theme.radii.medium};
  outline: ${({ theme, $current }) => ($current ? `2px solid ${theme.colours.primary}` : 'none')};
  ${({ $compactOnNarrow }) => $compactOnNarrow && compactButtonsStyles}
`;

const CardLink = styled(Link)<{ $compactOnNarrow: boolean }>`
  ${cardSurface}
  ${zoomPictureOnHover}
  ${({ $compactOnNarrow }) => $compactOnNarrow && compactOnNarrowStyles}
`;

export interface SongCardProps {
  title: string;
  artist: string;
  /** The song's YouTube video id, which gives its thumbnail. */
  youtubeId: string;
  /** Where the song plays. */
  href: string;
  /** The song's length in seconds, shown on the thumbnail when known. */
  duration?: number;
  /** On phones, a compact row (small thumbnail beside the text) instead of a full-width card. */
  compactOnNarrow?: boolean;
  /** The song the player plays now: marked, and `aria-current` for assistive technology. */
  current?: boolean;
  /** Play next and Add to queue, when the card offers them. */
  queueActions?: QueueActions;
}

/** A song in a grid: its thumbnail, title and artist, all one link to the song. */
export function SongCard({
  title,
  artist,
  youtubeId,
  href,
  duration,
  compactOnNarrow = false,
  current = false,
  queueActions,
}: SongCardProps) {
  const length = duration ? formatDuration(duration) : '';
  return (
    <CardBox $compactOnNarrow={compactOnNarrow} $current={current}>
      <CardLink
        href={href}
        $compactOnNarrow={compactOnNarrow}
        aria-current={current ? 'true' : undefined}
      >
        <Frame>
          <CoverImage src={youtubeThumbnailUrl(youtubeId, 'mqdefault')} />
          {length && <Length aria-label={durationLabel(duration!)}>{length}</Length>}
          {current && <NowPlaying>Now playing</NowPlaying>}
        </Frame>
        <Text>
          <Title>{title}</Title>
          <Artist>{artist}</Artist>
        </Text>
      </CardLink>
      {queueActions && <CardQueueButtons title={title} {...queueActions} />}
    </CardBox>
  );
}
