import {
  startTransition,
  StrictMode,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { nextTask } from './nextTask.ts';
import {
  earlyInputWaiting,
  handOverEarlyInput,
  inputKept,
  subscribeToEarlyInput,
  WAITS_FOR_SCRIPT,
} from './takeOver.ts';

/** Beside the app's root, it renders nothing and says when React has committed the app. */
function TakenOver({ onTakenOver }: { onTakenOver: () => void }) {
  useEffect(onTakenOver, [onTakenOver]);
  return null;
}

/** TanStack Router's `scrollRestoration` option: on, off, or asked at each page rendered. */
type ScrollRestoration = boolean | ((context: { location: never }) => boolean);

/** What `startApp` needs of the app's router (TanStack Router's own fields). */
export interface HydratingRouter {
  ssr?: unknown;
  options: { scrollRestoration?: ScrollRestoration };
  update(options: HydratingRouter['options']): void;
  load(): Promise<unknown>;
}

/**
 * Has the router leave the scroll alone on the page it adopts. The router moves the window when
 * it renders a page (to the top, or back to where the visitor left that page), and its first
 * render in the browser is the rendered page it adopts: the browser has already placed that
 * page's scroll (at the top, at its #fragment, where a reload left it), and the visitor may have
 * scrolled it since. Later pages are the router's as before.
 */
function keepAdoptedPageScroll(router: HydratingRouter) {
  const restores = router.options.scrollRestoration;
  let adopting = true;
  router.update({
    ...router.options,
    scrollRestoration: (context) => {
      if (adopting) {
        adopting = false;
        return false;
      }
      return typeof restores === 'function' ? restores(context) : true;
    },
  });
}

export interface StartAppOptions {
  /** The page holds the server's rendering of `app` (ARCHITECTURE.md, pages rendered on the server). */
  rendered: boolean;
  /**
   * The router that renders `app`. Before React adopts a rendered page, it resolves the same
   * matches as the server did (their code loaded) and renders without the suspense boundary the
   * server did not render, so the first render in the browser is the server's.
   */
  router: HydratingRouter;
}

/**
 * Starts an app in `container`: it adopts the page the server rendered, or renders one when there
 * is none. A rendered page is hydrated as a transition: React adopts it in slices of a few
 * milliseconds instead of one long task, so the phone stays responsive, and a tap on a part not
 * yet hydrated hydrates that part first. Settles once React has committed the app and been
 * handed what the visitor did meanwhile (see `keepEarlyInput`).
 */
export async function startApp(
  container: HTMLElement | null,
  app: ReactNode,
  { rendered, router }: StartAppOptions,
): Promise<void> {
  if (!container) throw new Error('index.html has no #root element');
  let markTakenOver = () => {};
  // Handed over once React has committed (any boundary still hydrating hydrates first when a
  // replayed press reaches it).
  const takenOver = new Promise<void>((resolve) => {
    markTakenOver = resolve;
  }).then(handOverEarlyInput);
  const root = (
    <StrictMode>
      {app}
      <TakenOver onTakenOver={markTakenOver} />
    </StrictMode>
  );
  if (!rendered) {
    createRoot(container).render(root);
  } else {
    // A declared router field, set here because the public `hydrate` (ssr/client) reads state
    // written as inline scripts, which these pages do not carry (docs/rendering-handover.md, router APIs).
    router.ssr = { manifest: undefined };
    keepAdoptedPageScroll(router);
    // Resolving the matches and hydrating are tasks of their own, apart from the app's start
    // (its modules run, its router is made) and from each other.
    await nextTask();
    await router.load();
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, root);
    });
  }
  return takenOver;
}

/**
 * False in a page's server-rendered HTML; true in the browser once the page keeps what the
 * visitor does (`keepEarlyInput`, before the document has finished loading) or the app listens.
 * React adopts the server's HTML with what the page is by then: the entry has enabled its
 * controls (they keep the server's mark until React has adopted them, `markAdopted`). Adopted as
 * the server's "not yet", every control on the page was rendered again just after, in one task
 * (the song page's twenty action buttons, a search page's sixty).
 */
function useInputKept(): boolean {
  return useSyncExternalStore(
    subscribeToEarlyInput,
    () => inputKept() || !earlyInputWaiting(),
    inputKept,
  );
}

/** A control's ref: takes the server's mark off the control as React adopts it. */
function markAdopted(control: HTMLElement | null) {
  control?.removeAttribute(WAITS_FOR_SCRIPT);
}

/**
 * The props of a control that does nothing without the app (a submit button, a toggle, a select
 * it acts on): disabled until the page keeps input (`useInputKept`), and while `busy`, and marked
 * for `keepEarlyInput` to enable (see `WAITS_FOR_SCRIPT`). A press before then would be lost (a
 * toggle) or go the browser's way (a submit button); from then on it is kept and handed to the
 * app. A control `busy` in the server's HTML (a favourite while the sign-in is not known) is not
 * marked: it stays disabled until the app enables it. The props hold a ref (`markAdopted`): an
 * element that needs one of its own calls both.
 */
export function useControlWaitsForScript(busy = false) {
  const kept = useInputKept();
  return {
    disabled: busy || !kept,
    [WAITS_FOR_SCRIPT]: kept || busy ? undefined : '',
    ref: markAdopted,
    // `keepEarlyInput` enabled it, and React adopts it unmarked while the page still shows the
    // server's mark (`markAdopted` takes it off): expected, not a mismatch.
    suppressHydrationWarning: true,
  };
}
