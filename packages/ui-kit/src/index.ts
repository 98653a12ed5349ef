export { createTheme, type BrandColours, type Theme } from './theme/theme.ts';
export { GlobalStyle } from './theme/GlobalStyle.tsx';

export {
  Anchor,
  Link,
  UiLinkProvider,
  isExternalHref,
  type AnchorProps,
  type UiLinkComponent,
  type UiLinkProps,
} from './link/Link.tsx';

export { useScrolledPast } from './hooks/useScrolledPast.ts';
export { youtubeThumbnailUrl, type YoutubeThumbnailQuality } from './media/youtube.ts';
export * from './icons/icons.tsx';

export {
  Button,
  ButtonLink,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonVariant,
} from './components/Button/Button.tsx';
export { Badge, type BadgeProps, type BadgeVariant } from './components/Badge/Badge.tsx';
export { Container } from './components/Container/Container.tsx';
export { CoverImage, type CoverImageProps } from './components/CoverImage/CoverImage.tsx';
export { Grid, type GridProps } from './components/Grid/Grid.tsx';
export {
  PlaylistCard,
  playlistBadges,
  playlistImageUrl,
  type PlaylistCardPlaylist,
  type PlaylistCardProps,
} from './components/PlaylistCard/PlaylistCard.tsx';
export { PlaylistGrid, type PlaylistGridProps } from './components/PlaylistCard/PlaylistGrid.tsx';
export { SongCard, type SongCardProps } from './components/SongCard/SongCard.tsx';
export { Banner, type BannerProps } from './components/Banner/Banner.tsx';
export {
  SortSelect,
  type SortOption,
  type SortSelectProps,
} from './components/SortSelect/SortSelect.tsx';
export { Spinner, type SpinnerProps } from './components/Spinner/Spinner.tsx';
export { EmptyState, type EmptyStateProps } from './components/EmptyState/EmptyState.tsx';
export { NotFound, type NotFoundProps } from './components/NotFound/NotFound.tsx';
export {
  Navbar,
  NavbarButton,
  NavbarLink,
  type NavbarButtonProps,
  type NavbarProps,
} from './components/Navbar/Navbar.tsx';
export {
  Footer,
  type FooterLink,
  type FooterProps,
  type SocialLinks,
} from './components/Footer/Footer.tsx';
export { SafeHtml, type SafeHtmlProps } from './components/SafeHtml/SafeHtml.tsx';
