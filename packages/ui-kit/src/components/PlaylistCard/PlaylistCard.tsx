import { SPECIAL_PLAYLIST_IDS, type PlaylistCard as PlaylistCardData } from '@fansite/contract';
import styled from 'styled-components';
import { OpenIcon } from '../../icons/icons.tsx';
import { Link } from '../../link/Link.tsx';
import { youtubeThumbnailUrl } from '../../media/youtube.ts';
import { Badge, type BadgeVariant } from '../Badge/Badge.tsx';
import { CoverImage } from '../CoverImage/CoverImage.tsx';
import { cardSurface, MediaFrame, zoomPictureOnHover } from '../cardStyles.ts';

export type PlaylistCardPlaylist = Pick<
  PlaylistCardData,
  'id' | 'category_name' | 'description' | 'youtube_url' | 'special' | 'image_url'
>;

interface PlaylistBadge {
  variant: BadgeVariant;
  label: string;
}

/** docs/calls.md, records: the ids 'new' and 'network' and the special flag each earn a badge. */
export function playlistBadges(
  playlist: Pick<PlaylistCardData, 'id' | 'special'>,
): PlaylistBadge[] {
  const badges: PlaylistBadge[] = [];
  if (playlist.id === SPECIAL_PLAYLIST_IDS.new) badges.push({ variant: 'new', label: 'New' });
  if (playlist.id === SPECIAL_PLAYLIST_IDS.network) {
    badges.push({ variant: 'network', label: 'Network' });
  }
  if (playlist.special) badges.push({ variant: 'special', label: 'Special' });
  return badges;
}

/** The playlist's own image, else the thumbnail of its first song, else nothing. */
export function playlistImageUrl(
  playlist: Pick<PlaylistCardData, 'image_url' | 'youtube_url'>,
): string | null {
  if (playlist.image_url) return playlist.image_url;
  return playlist.youtube_url ? youtubeThumbnailUrl(playlist.youtube_url) : null;
}

const Card = styled.article`
  ${cardSurface}
`;

const CoverLink = styled(Link)`
  display: block;
  ${zoomPictureOnHover}
`;

// Card names are third-level headings, under the page's h1 and its sections' h2s.
const Title = styled.h3`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]} 0`};
  font-size: 1.05rem;
`;

const Description = styled.p`
  display: -webkit-box;
  margin: ${({ theme }) => `${theme.space[1]} ${theme.space[3]} 0`};
  overflow: hidden;
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.875rem;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: auto;
  padding: ${({ theme }) => theme.space[3]};
`;

const OpenLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* A finger needs 44 px (WCAG 2.5.5); the icon stays its size in the middle. */
  min-width: 44px;
  min-height: 44px;
  margin: -10px -10px -10px auto;
  color: ${({ theme }) => theme.colours.mutedText};

  &:hover {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

export interface PlaylistCardProps {
  playlist: PlaylistCardPlaylist;
  /** Where the playlist opens; the app knows its own routes. */
  href: string;
}

/** A playlist in a grid: cover, name and badges; the cover and the open icon lead to it. */
export function PlaylistCard({ playlist, href }: PlaylistCardProps) {
  const imageUrl = playlistImageUrl(playlist);
  return (
    <Card>
      <CoverLink href={href}>
        <MediaFrame>{imageUrl && <CoverImage src={imageUrl} />}</MediaFrame>
        <Title>{playlist.category_name}</Title>
      </CoverLink>
      {playlist.description && <Description>{playlist.description}</Description>}
      <Footer>
        {playlistBadges(playlist).map((badge) => (
          <Badge key={badge.variant} variant={badge.variant}>
            {badge.label}
          </Badge>
        ))}
        {/* The cover link already leads there: this pointer shortcut stays out of the tab order
            and the accessibility tree, so that the card is one link named by the playlist. */}
        <OpenLink href={href} aria-hidden="true" tabIndex={-1} title="Open">
          <OpenIcon />
        </OpenLink>
      </Footer>
    </Card>
  );
}
