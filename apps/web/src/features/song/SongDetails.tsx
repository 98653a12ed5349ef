import type { Song } from '@fansite/contract';
import { Badge, LinkBadge, LinkifiedText } from '@fansite/ui-kit';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';

const Title = styled.h1`
  margin: 0;
  font-size: clamp(1.4rem, 3vw, 2rem);
  overflow-wrap: anywhere;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  align-items: center;
  margin: ${({ theme }) => `${theme.space[2]} 0 0`};
`;

export interface SongDetailsProps {
  song: Song;
}

/**
 * docs/product.md, screens: the title and its badges (new, artist, playlist), right under the
 * player so they are on the first screen.
 */
export function SongHeading({ song }: SongDetailsProps) {
  return (
    <header>
      <Title>{song.title}</Title>
      <Badges>
        {song.new === 'true' && <Badge variant="new">New</Badge>}
        <LinkBadge href={paths.search(song.author_name, 'artist')}>{song.author_name}</LinkBadge>
        <LinkBadge href={paths.playlist(song.category_id)}>{song.category_name}</LinkBadge>
      </Badges>
    </header>
  );
}

/** The song's description, its links clickable; nothing when it has none. */
export function SongDescription({ song }: SongDetailsProps) {
  if (!song.description) return null;
  return (
    <section aria-label="About this song">
      <LinkifiedText text={song.description} />
    </section>
  );
}
