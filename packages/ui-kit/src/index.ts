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
// Forms wait for the app to take the page over (packages/ssr, the page's start in the browser).
export { useControlWaitsForScript } from '@fansite/ssr/browser';
export {
  youtubeThumbnailUrl,
  youtubeWatchUrl,
  type YoutubeThumbnailQuality,
} from './media/youtube.ts';
export { durationLabel, formatDuration } from './media/duration.ts';
export { formatLongUsDate } from './media/dates.ts';
export { formatCount } from './media/numbers.ts';
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
export { VisuallyHidden } from './components/VisuallyHidden.ts';
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
export {
  FieldError,
  FormField,
  TextField,
  fieldControl,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './components/TextField/TextField.tsx';
export { EmptyState, type EmptyStateProps } from './components/EmptyState/EmptyState.tsx';
export { LockedNotice, type LockedNoticeProps } from './components/LockedNotice/LockedNotice.tsx';
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
export { usePrefersReducedMotion } from './hooks/usePrefersReducedMotion.ts';
export { Avatar, type AvatarProps } from './components/Avatar/Avatar.tsx';
export {
  ChannelDialog,
  channelUrl,
  type Channel,
  type ChannelDialogProps,
} from './components/ChannelDialog/ChannelDialog.tsx';
export {
  ChannelAvatarButton,
  type ChannelAvatarButtonProps,
} from './components/ChannelDialog/ChannelAvatarButton.tsx';
export { Carousel, type CarouselProps } from './components/Carousel/Carousel.tsx';
export {
  Accordion,
  type AccordionItem,
  type AccordionProps,
} from './components/Accordion/Accordion.tsx';
export { Dialog, type DialogProps } from './components/Dialog/Dialog.tsx';
export {
  ActionBar,
  ActionButton,
  type ActionBarProps,
  type ActionButtonProps,
} from './components/ActionBar/ActionBar.tsx';
export {
  QueueButtons,
  type QueueActions,
  type QueueButtonsProps,
} from './components/QueueButtons/QueueButtons.tsx';
export {
  FlagIcon,
  KeyboardIcon,
  LinkIcon,
  NextIcon,
  PreviousIcon,
  RepeatIcon,
  ShuffleIcon,
} from './components/ActionBar/actionIcons.tsx';
export { PlayerBar, type PlayerBarProps } from './components/PlayerBar/PlayerBar.tsx';
export { LinkBadge, type LinkBadgeProps } from './components/LinkBadge/LinkBadge.tsx';
export { Toast, type ToastProps } from './components/Toast/Toast.tsx';
export { NextSongCard, type NextSongCardProps } from './components/NextSongCard/NextSongCard.tsx';
export {
  ExploreGrid,
  type ExploreGridItem,
  type ExploreGridProps,
} from './components/ExploreGrid/ExploreGrid.tsx';
export {
  SongList,
  SongRow,
  type SongListProps,
  type SongRowProps,
} from './components/SongRow/SongRow.tsx';
export {
  LinkifiedText,
  type LinkifiedTextProps,
} from './components/LinkifiedText/LinkifiedText.tsx';
export { Popover, type PopoverProps } from './components/Popover/Popover.tsx';
export { LoadError, type LoadErrorProps } from './components/LoadError/LoadError.tsx';
export {
  CardGridSkeleton,
  RowListSkeleton,
  type CardGridSkeletonProps,
  type RowListSkeletonProps,
} from './components/Skeleton/Skeleton.tsx';
export {
  PlayerUnavailable,
  type PlayerUnavailableProps,
} from './components/PlayerUnavailable/PlayerUnavailable.tsx';
export {
  VirtualList,
  type VirtualListLayout,
  type VirtualListProps,
} from './components/VirtualList/VirtualList.tsx';
