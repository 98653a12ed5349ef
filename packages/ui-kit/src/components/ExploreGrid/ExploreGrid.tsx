import styled from 'styled-components';
import { Link } from '../../link/Link.tsx';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';
import { CoverImage } from '../CoverImage/CoverImage.tsx';
import { Grid } from '../Grid/Grid.tsx';
import { zoomPictureOnHover } from '../cardStyles.ts';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  font-size: 1.25rem;
`;

const ItemLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: inherit;
  ${zoomPictureOnHover}
`;

/** docs/product.md, constants: explore thumbnails are 90x55. */
const Thumbnail = styled.div`
  flex: none;
  width: 90px;
  height: 55px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.small};
  /* Shows until, or unless, the thumbnail loads: the brand's gradient, as on every card. */
  background: ${({ theme }) =>
    `linear-gradient(135deg, ${theme.colours.primary}, ${theme.colours.accent})`};
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Title = styled.span`
  overflow: hidden;
  font-weight: 600;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Subtitle = styled.span`
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.85rem;
`;

export interface ExploreGridItem {
  title: string;
  /** The playlist it belongs to. */
  subtitle: string;
  youtubeId: string;
  href: string;
}

export interface ExploreGridProps {
  title: string;
  items: readonly ExploreGridItem[];
}

/** A compact grid of songs to go on to, each a small thumbnail with its title. */
export function ExploreGrid({ title, items }: ExploreGridProps) {
  return (
    <section aria-label={title}>
      <Heading>{title}</Heading>
      <Grid minItemWidth="260px" gap={3}>
        {items.map((item) => (
          <ItemLink key={item.href} href={item.href}>
            <Thumbnail>
              <CoverImage src={youtubeThumbnailUrl(item.youtubeId, 'mqdefault')} />
            </Thumbnail>
            <Text>
              <Title>{item.title}</Title>
              <Subtitle>{item.subtitle}</Subtitle>
            </Text>
          </ItemLink>
        ))}
      </Grid>
    </section>
  );
}
