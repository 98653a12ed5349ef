import { usePlayerState } from '@fansite/player/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppPlayer, useDockState } from './appPlayer.tsx';
import { isPlayerKey, SHORTCUTS_HELP_KEY } from './shortcutKeys.ts';

// The bar, the video, the queue and the shortcuts' list are code of their own, fetched the first
// time one of them is shown: a page is rendered and started without them (docs/browser.md, what
// the app starts with), and most visits never play a song.
const PlayerDock = lazy(async () => ({ default: (await import('./PlayerDock.tsx')).PlayerDock }));

/**
 * The player's dock from the moment something needs it (a song, a message, the shortcuts' list),
 * then for the rest of the app's life: the video it makes must never be made again. The `?` that
 * opens the shortcuts' list is heard here, so it works on any page before the dock is fetched.
 */
export function PlayerDockOnDemand() {
  const { setShortcutsOpen } = useAppPlayer();
  const hasSong = usePlayerState((state) => state.song !== null);
  const dockHasSomething = useDockState(
    (dock) => dock.failure !== null || dock.message !== null || dock.shortcutsOpen,
  );
  const [shown, setShown] = useState(false);
  if ((hasSong || dockHasSomething) && !shown) setShown(true);

  useEffect(() => {
    function openShortcuts(event: KeyboardEvent) {
      if (event.key !== SHORTCUTS_HELP_KEY || !isPlayerKey(event)) return;
      event.preventDefault();
      setShortcutsOpen(true);
    }
    document.addEventListener('keydown', openShortcuts);
    return () => document.removeEventListener('keydown', openShortcuts);
  }, [setShortcutsOpen]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PlayerDock />
    </Suspense>
  );
}
