import { usePlayer, usePlayerState } from '@fansite/player/react';
import { Dialog } from '@fansite/ui-kit';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useAppPlayer, useDockState } from './appPlayer.tsx';
import { isPlayerKey, SHORTCUTS_HELP_KEY } from './shortcutKeys.ts';

/** How far J, L and the arrow keys move within a song, as on YouTube. */
const SEEK_STEP_SECONDS = 10;

/** The player's keyboard shortcuts, as the help lists them. */
const PLAYER_SHORTCUTS = [
  { keys: 'Space or K', action: 'Play or pause' },
  { keys: '← or J', action: `Back ${SEEK_STEP_SECONDS} seconds` },
  { keys: '→ or L', action: `Forward ${SEEK_STEP_SECONDS} seconds` },
  { keys: 'N', action: 'Next song' },
  { keys: 'P', action: 'Previous song' },
  { keys: 'S', action: 'Shuffle on or off' },
  { keys: 'R', action: 'Repeat on or off' },
  { keys: 'M', action: 'Mute or unmute' },
  { keys: SHORTCUTS_HELP_KEY, action: 'Show these shortcuts' },
] as const;

const List = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[4]}`};
  margin: 0;

  dt {
    font-weight: 700;
  }

  dd {
    margin: 0;
  }

  /* Each pair is grouped in a div; the grid lays out the terms and descriptions themselves. */
  div {
    display: contents;
  }
`;

/** The shortcuts as a list of keys and what they do. */
export function ShortcutList() {
  return (
    <List>
      {PLAYER_SHORTCUTS.map(({ keys, action }) => (
        <div key={keys}>
          <dt>{keys}</dt>
          <dd>{action}</dd>
        </div>
      ))}
    </List>
  );
}

/**
 * The player from the keyboard while a song is there (see PLAYER_SHORTCUTS), and the list of
 * shortcuts while it is open (`PlayerDockOnDemand` opens it on `?`, with or without a song).
 */
export function PlayerShortcuts() {
  const player = usePlayer();
  const { toggleShuffle, setShortcutsOpen } = useAppPlayer();
  const hasSong = usePlayerState((state) => state.song !== null);
  const helpOpen = useDockState((dock) => dock.shortcutsOpen);
  const hasSongRef = useRef(hasSong);
  useEffect(() => {
    hasSongRef.current = hasSong;
  });

  useEffect(() => {
    const actions: Record<string, () => void> = {
      ' ': player.togglePlay,
      k: player.togglePlay,
      ArrowLeft: () => player.seekBy(-SEEK_STEP_SECONDS),
      j: () => player.seekBy(-SEEK_STEP_SECONDS),
      ArrowRight: () => player.seekBy(SEEK_STEP_SECONDS),
      l: () => player.seekBy(SEEK_STEP_SECONDS),
      n: player.next,
      p: player.previous,
      s: toggleShuffle,
      r: player.toggleRepeat,
      m: player.toggleMute,
    };
    function handleKey(event: KeyboardEvent) {
      if (!hasSongRef.current || !isPlayerKey(event)) return;
      const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!action) return;
      // Space and the arrows would also scroll the page.
      event.preventDefault();
      action();
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [player, toggleShuffle]);

  if (!helpOpen) return null;
  return (
    <Dialog title="Keyboard shortcuts" onClose={() => setShortcutsOpen(false)}>
      <ShortcutList />
    </Dialog>
  );
}
