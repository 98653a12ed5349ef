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
  margin: ${({ theme }) => `${theme.space[3]} 0 ${theme.space[5]}`};
`;

export interface SongDetailsProps {
  song: Song;
}

/** docs/product.md, screens: the title, its badges (new, artist, playlist) and the description. */
export function SongDetails({ song }: SongDetailsProps) {
  return (
    <section>
      <Title>{song.title}</Title>
      <Badges>
        {song.new === 'true' && <Badge variant="new">New</Badge>}
        <LinkBadge href={paths.search(song.author_name, 'artist')}>{song.author_name}</LinkBadge>
        <LinkBadge href={paths.playlist(song.category_id)}>{song.category_name}</LinkBadge>
      </Badges>
      {song.description && <LinkifiedText text={song.description} />}
    </section>
  );
}
