import { usePlayer, usePlayerState } from '@fansite/player/react';
import {
  ActionBar,
  ActionButton,
  FlagIcon,
  HeartIcon,
  KeyboardIcon,
  LinkIcon,
  NextIcon,
  Popover,
  PreviousIcon,
  RepeatIcon,
  ShuffleIcon,
} from '@fansite/ui-kit';
import { ShortcutList } from '../../lib/player/shortcuts.tsx';

export interface SongActionsProps {
  hasPrevious: boolean;
  isFavorite: boolean;
  onToggleFavorite: () => void;
  /** True while the sign-in is not known yet: the favourite button cannot be pressed. */
  favoriteWaiting?: boolean;
  onToggleShuffle: () => void;
  onReport: () => void;
  onCopyLink: () => void;
}

/** docs/product.md, screens: favourite, previous, next, shuffle, repeat, report and copy link. */
export function SongActions({
  hasPrevious,
  isFavorite,
  onToggleFavorite,
  favoriteWaiting = false,
  onToggleShuffle,
  onReport,
  onCopyLink,
}: SongActionsProps) {
  const player = usePlayer();
  const shuffle = usePlayerState((state) => state.shuffle);
  const repeat = usePlayerState((state) => state.repeat);
  return (
    <ActionBar label="Song actions">
      <ActionButton
        label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
        icon={HeartIcon}
        pressed={isFavorite}
        onClick={onToggleFavorite}
        disabled={favoriteWaiting}
      />
      <ActionButton
        label="Previous song"
        icon={PreviousIcon}
        onClick={player.previous}
        disabled={!hasPrevious}
      />
      <ActionButton label="Next song" icon={NextIcon} onClick={player.next} />
      <ActionButton
        label="Shuffle"
        icon={ShuffleIcon}
        pressed={shuffle}
        onClick={onToggleShuffle}
      />
      <ActionButton
        label="Repeat"
        icon={RepeatIcon}
        pressed={repeat}
        onClick={player.toggleRepeat}
      />
      <ActionButton label="Report" icon={FlagIcon} onClick={onReport} />
      <ActionButton label="Copy link" icon={LinkIcon} onClick={onCopyLink} />
      <Popover label="Keyboard shortcuts" icon={KeyboardIcon}>
        <ShortcutList />
      </Popover>
    </ActionBar>
  );
}
