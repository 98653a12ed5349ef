import { useEffect, useRef } from 'react';

/** The song page's keyboard shortcuts, as the help popover lists them. */
export const SONG_SHORTCUTS = [
  { keys: 'Space', action: 'Play or pause' },
  { keys: '→ or N', action: 'Next song' },
  { keys: '← or P', action: 'Previous song' },
  { keys: 'S', action: 'Shuffle on or off' },
  { keys: 'R', action: 'Repeat on or off' },
  { keys: 'M', action: 'Mute or unmute' },
] as const;

export interface SongShortcutActions {
  togglePlay: () => void;
  next: () => void;
  previous: () => void;
  toggleShuffle: () => void;
  toggleRepeat: () => void;
  toggleMute: () => void;
}

/** Keys that belong to whatever has focus: typing in a field, pressing a focused button. */
function keyBelongsToFocus(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) {
    return true;
  }
  return event.key === ' ' && target.closest('button, a') !== null;
}

/** Plays the song page from the keyboard (see SONG_SHORTCUTS). */
export function useSongShortcuts(actions: SongShortcutActions) {
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (keyBelongsToFocus(event)) return;
      const run = actionsRef.current;
      const action = {
        ' ': run.togglePlay,
        ArrowRight: run.next,
        n: run.next,
        ArrowLeft: run.previous,
        p: run.previous,
        s: run.toggleShuffle,
        r: run.toggleRepeat,
        m: run.toggleMute,
      }[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!action) return;
      // Space would also scroll the page.
      event.preventDefault();
      action();
    }
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, []);
}
