import styled from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';
import { CoverImage } from '../CoverImage/CoverImage.tsx';
import { cardSurface, MediaFrame, zoomPictureOnHover } from '../cardStyles.ts';

const CardLink = styled(Link)`
  ${cardSurface}
  ${zoomPictureOnHover}
`;

const Text = styled.div`
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

export interface SongCardProps {
  title: string;
  artist: string;
  /** The song's YouTube video id, which gives its thumbnail. */
  youtubeId: string;
  /** Where the song plays. */
  href: string;
}

/** A song in a grid: its thumbnail, title and artist, all one link to the song. */
export function SongCard({ title, artist, youtubeId, href }: SongCardProps) {
  return (
    <CardLink href={href}>
      <MediaFrame>
        <CoverImage src={youtubeThumbnailUrl(youtubeId, 'mqdefault')} />
      </MediaFrame>
      <Text>
        <Title>{title}</Title>
        <Artist>{artist}</Artist>
      </Text>
    </CardLink>
  );
}
