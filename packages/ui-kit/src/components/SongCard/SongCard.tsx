import styled from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';

const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
  text-decoration: none;

  &:hover img {
    transform: scale(1.04);
  }
`;

const ThumbnailFrame = styled.div`
  aspect-ratio: 16 / 9;
  overflow: hidden;
  background: ${({ theme }) => theme.colours.border};
`;

const Thumbnail = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
  transition: transform 0.3s;
`;

const Text = styled.div`
  padding: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h2`
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
      <ThumbnailFrame>
        <Thumbnail
          src={youtubeThumbnailUrl(youtubeId, 'mqdefault')}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </ThumbnailFrame>
      <Text>
        <Title>{title}</Title>
        <Artist>{artist}</Artist>
      </Text>
    </CardLink>
  );
}
