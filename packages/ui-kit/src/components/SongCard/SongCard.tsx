import styled, { css } from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { durationLabel, formatDuration } from '../../media/duration.ts';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';
import { CoverImage } from '../CoverImage/CoverImage.tsx';
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
}

/** A song in a grid: its thumbnail, title and artist, all one link to the song. */
export function SongCard({
  title,
  artist,
  youtubeId,
  href,
  duration,
  compactOnNarrow = false,
}: SongCardProps) {
  const length = duration ? formatDuration(duration) : '';
  return (
    <CardLink href={href} $compactOnNarrow={compactOnNarrow}>
      <Frame>
        <CoverImage src={youtubeThumbnailUrl(youtubeId, 'mqdefault')} />
        {length && <Length aria-label={durationLabel(duration!)}>{length}</Length>}
      </Frame>
      <Text>
        <Title>{title}</Title>
        <Artist>{artist}</Artist>
      </Text>
    </CardLink>
  );
}
