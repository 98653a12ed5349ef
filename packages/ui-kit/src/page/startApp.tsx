import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Beside the app's root, it renders nothing and says when React has committed the app. */
function TakenOver({ onTakenOver }: { onTakenOver: () => void }) {
  useEffect(onTakenOver, [onTakenOver]);
  return null;
}

export interface StartAppOptions {
  /** The page holds the server's rendering of `app` (ARCHITECTURE.md, pages rendered on the server). */
  rendered: boolean;
  /**
   * Runs before React adopts a rendered page: the router resolves the same matches as the server
   * did (their code loaded), so the first render in the browser is the server's.
   */
  beforeHydration: () => Promise<void>;
}

/**
 * Starts an app in `container`: it adopts the page the server rendered, or renders one when there
 * is none. A rendered page is hydrated as a transition: React adopts it in slices of a few
 * milliseconds instead of one long task, so the phone stays responsive, and a tap on a part not
 * yet hydrated hydrates that part first. Settles once React has committed the app, when the
 * page's controls are the app's (see `keepEarlyInput`).
 */
export async function startApp(
  container: HTMLElement,
  app: ReactNode,
  { rendered, beforeHydration }: StartAppOptions,
): Promise<void> {
  let markTakenOver = () => {};
  const takenOver = new Promise<void>((resolve) => {
    markTakenOver = resolve;
  });
  const root = (
    <StrictMode>
      {app}
      <TakenOver onTakenOver={markTakenOver} />
    </StrictMode>
  );
  if (!rendered) {
    createRoot(container).render(root);
  } else {
    await beforeHydration();
    startTransition(() => {
      hydrateRoot(container, root);
    });
  }
  return takenOver;
}
