import styled from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';
import { CoverImage } from '../CoverImage/CoverImage.tsx';
import { cardSurface, zoomPictureOnHover } from '../cardStyles.ts';

/** docs/product.md, constants: the next song's thumbnail is 175 px high. */
const THUMBNAIL_HEIGHT = '175px';

const Card = styled.section`
  ${cardSurface}
  height: auto;
`;

const Heading = styled.h2`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  font-size: 1rem;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const Thumbnail = styled.div`
  height: ${THUMBNAIL_HEIGHT};
  overflow: hidden;
  background: ${({ theme }) =>
    `linear-gradient(135deg, ${theme.colours.primary}, ${theme.colours.accent})`};
`;

const SongLink = styled(Link)`
  display: block;
  color: inherit;
  ${zoomPictureOnHover}
`;

const Title = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  overflow-wrap: anywhere;
`;

const Message = styled.p`
  margin: 0;
  padding: ${({ theme }) => `0 ${theme.space[4]} ${theme.space[3]}`};
  color: ${({ theme }) => theme.colours.mutedText};
`;

export interface NextSongCardProps {
  /** The song after this one; null shows an empty placeholder. */
  song: { title: string; youtubeId: string; href: string } | null;
  /** Said under the placeholder when no one song comes next (shuffle is on). */
  message?: string;
}

/** docs/product.md, screens, song page: the 'Next song' preview, a link to it. */
export function NextSongCard({ song, message }: NextSongCardProps) {
  return (
    <Card aria-label="Next song">
      <Heading>Next song</Heading>
      {song ? (
        <SongLink href={song.href}>
          <Thumbnail>
            <CoverImage src={youtubeThumbnailUrl(song.youtubeId, 'mqdefault')} />
          </Thumbnail>
          <Title>{song.title}</Title>
        </SongLink>
      ) : (
        <>
          <Thumbnail data-testid="next-song-placeholder" />
          {message && <Message>{message}</Message>}
        </>
      )}
    </Card>
  );
}
