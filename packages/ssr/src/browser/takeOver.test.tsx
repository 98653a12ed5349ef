import { act, useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { startApp, useControlWaitsForScript, type HydratingRouter } from './startApp.tsx';
import {
  afterFirstPaint,
  handOverEarlyInput,
  keepEarlyInput,
  WAITS_FOR_SCRIPT,
} from './takeOver.ts';

/** A rendered page's parts the app must hear about: a controlled field, a select and a toggle. */
function Page({ onSubmit }: { onSubmit: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [order, setOrder] = useState('popular');
  const [open, setOpen] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(email);
      }}
    >
      <label>
        Email
        <input value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        Sort by
        <select value={order} onChange={(event) => setOrder(event.target.value)}>
          <option value="popular">Popular</option>
          <option value="az">A-Z</option>
        </select>
      </label>
      <output>Sorted by {order}</output>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        What is nightcore?
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

function serverRendered(onSubmit: (email: string) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page onSubmit={onSubmit} />);
  document.body.append(container);
  return container;
}

/** The fields of TanStack Router that `startApp` uses, kept as the router keeps them. */
function fakeRouter(options: HydratingRouter['options'] = { scrollRestoration: true }) {
  const router = {
    ssr: undefined as unknown,
    options,
    update(next: HydratingRouter['options']) {
      router.options = { ...router.options, ...next };
    },
    load: vi.fn(async () => {}),
  };
  return router;
}

/** Starts the page's app as the apps' entries do, and waits until React has taken it over. */
async function takeOver(
  container: HTMLElement,
  onSubmit: (email: string) => void,
  router = fakeRouter(),
) {
  let takenOver: Promise<void> | undefined;
  await act(async () => {
    takenOver = startApp(container, <Page onSubmit={onSubmit} />, { rendered: true, router });
  });
  await takenOver;
  // The router resolved its matches as the server's render, before React adopted the page.
  expect(router.load).toHaveBeenCalledOnce();
  expect(router.ssr).toEqual({ manifest: undefined });
}

/** What a visitor (or a password manager) does: the browser changes the field, then says so. */
function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keepEarlyInput', () => {
  it('hands typing and presses made before hydration to the app once it listens', async () => {
    const onSubmit = vi.fn();
    const container = serverRendered(onSubmit);
    keepEarlyInput(document);
    const field = container.querySelector('input')!;
    const toggle = container.querySelector('button[type="button"]')!;

    type(field, 'ada@example.com');
    // A choice in a select: the browser changes it, then fires input and change.
    const select = container.querySelector('select')!;
    select.value = 'az';
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    toggle.dispatchEvent(new MouseEvent('click', { bubbles: true }));

    await takeOver(container, onSubmit);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('output')).toHaveTextContent('Sorted by az');
    await act(async () =>
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click(),
    );
    expect(onSubmit).toHaveBeenCalledWith('ada@example.com');
  });

  it('sends a form submitted before hydration once the app listens, with what was typed', async () => {
    const onSubmit = vi.fn();
    const container = serverRendered(onSubmit);
    keepEarlyInput(document);
    const form = container.querySelector('form')!;
    const send = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    type(container.querySelector('input')!, 'ada@example.com');
    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: send });
    form.dispatchEvent(early);
    form.dispatchEvent(
      new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: send }),
    );
    // Not sent the browser's way (a page reload with the fields in its address).
    expect(early.defaultPrevented).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();

    await takeOver(container, onSubmit);

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('ada@example.com');
  });

  it('hands a press made while React adopts the page to the app once, not twice', async () => {
    const container = serverRendered(() => {});
    keepEarlyInput(document);
    const toggle = container.querySelector('button[type="button"]')!;
    const router = fakeRouter();
    let takenOver: Promise<void> | undefined;
    await act(async () => {
      takenOver = startApp(container, <Page onSubmit={() => {}} />, { rendered: true, router });
      // React listens on the container (and marks it, `__reactContainer$…`) from the moment it
      // starts adopting the page; a press then makes it finish adopting at once and handle the
      // press itself, before it has committed.
      while (!Object.keys(container).some((key) => key.startsWith('__reactContainer'))) {
        // A task at a time: `startApp` resolves the matches and hydrates in tasks of their own.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      toggle.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await takenOver;

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('holds a form sent after the hand-over until React has adopted its part of the page', async () => {
    // A part React adopts later (it adopts a page in slices): its button still has the mark.
    document.body.innerHTML = `<form><button type="submit" ${WAITS_FOR_SCRIPT}="">Send</button></form>`;
    const form = document.querySelector('form')!;
    const button = form.querySelector('button')!;
    keepEarlyInput(document);
    handOverEarlyInput();
    const reached: boolean[] = [];
    form.addEventListener('submit', (event) => {
      reached.push(true);
      event.preventDefault();
    });

    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(early);
    // Not the browser's way (a reload with the fields in its address), and not the app's yet.
    expect(early.defaultPrevented).toBe(true);
    expect(reached).toEqual([]);

    // React adopts it: it renders the button without the mark, and the form is sent once.
    button.removeAttribute(WAITS_FOR_SCRIPT);
    await vi.waitFor(() => expect(reached).toEqual([true]));
  });

  it('announces a choice made after the hand-over again once React has adopted the select', async () => {
    // React has handed over but not yet adopted the select (it still has the server's mark):
    // adopting it puts a controlled select back to its own value, and can fall between the
    // input and change events of one choice.
    document.body.innerHTML = `<select ${WAITS_FOR_SCRIPT}=""><option value="popular">Popular</option><option value="az">A-Z</option></select>`;
    const select = document.querySelector('select')!;
    keepEarlyInput(document);
    handOverEarlyInput();
    const heard: string[] = [];
    select.addEventListener('change', () => heard.push(select.value));

    select.value = 'az';
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.value = 'popular';
    select.removeAttribute(WAITS_FOR_SCRIPT);
    select.dispatchEvent(new Event('change', { bubbles: true }));

    await vi.waitFor(() => expect(heard).toEqual(['popular', 'az']));
    expect(select.value).toBe('az');
  });

  it('leaves the app alone once handed over', async () => {
    const container = serverRendered(() => {});
    keepEarlyInput(document);
    await takeOver(container, () => {});
    const toggle = container.querySelector('button[type="button"]')!;

    await act(async () => toggle.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    // One press, one toggle: nothing recorded after the hand-over is played again.
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('startApp', () => {
  const location = {} as never;

  /** Adopts a rendered page with the router's option set so; gives what the router asks after. */
  async function scrollRestorationAfterAdopting(option: HydratingRouter['options']) {
    const router = fakeRouter(option);
    await takeOver(
      serverRendered(() => {}),
      () => {},
      router,
    );
    return router.options.scrollRestoration as (context: { location: never }) => boolean;
  }

  it('has the router leave the adopted page where it is scrolled, and move the pages after', async () => {
    const restores = await scrollRestorationAfterAdopting({ scrollRestoration: true });

    // The router asks at each page it renders: the first is the page React adopted.
    expect(restores({ location })).toBe(false);
    expect(restores({ location })).toBe(true);
    expect(restores({ location })).toBe(true);
  });

  it("keeps an app's own answer for the pages after the adopted one", async () => {
    const own = vi.fn(() => false);
    const restores = await scrollRestorationAfterAdopting({ scrollRestoration: own });

    expect(restores({ location })).toBe(false);
    expect(own).not.toHaveBeenCalled();
    expect(restores({ location })).toBe(false);
    expect(own).toHaveBeenCalledWith({ location });
  });

  it('renders the app where the server rendered nothing, and says when it has', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const router = fakeRouter();
    let takenOver: Promise<void> | undefined;
    await act(async () => {
      takenOver = startApp(container, <Page onSubmit={() => {}} />, { rendered: false, router });
    });
    await takenOver;
    expect(container.querySelector('button[type="submit"]')).toHaveTextContent('Send');
    expect(router.load).not.toHaveBeenCalled();
  });
});

describe('useControlWaitsForScript', () => {
  /** A select and a submit button, each with the props `waits` gives. */
  const controls = (waits: ReturnType<typeof useControlWaitsForScript>) => (
    <>
      <select aria-label="Sort by" {...waits}>
        <option>Popular</option>
      </select>
      <button {...waits}>Send</button>
    </>
  );

  function Submit() {
    return controls(useControlWaitsForScript());
  }

  it('disables a submit button and a select in the HTML alone, and enables them once input is kept', async () => {
    // A page that has not kept input yet, as the server is: this module's earlier tests kept it.
    vi.resetModules();
    const fresh = await import('./startApp.tsx');
    const freshKeeping = await import('./takeOver.ts');
    let renders = 0;
    let rendersAdopting: number | undefined;
    function FreshSubmit() {
      const waits = fresh.useControlWaitsForScript();
      renders += 1;
      useEffect(() => {
        rendersAdopting ??= renders;
      }, []);
      return controls(waits);
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<FreshSubmit />);
    document.body.append(container);
    expect(container.querySelector('button')).toBeDisabled();
    expect(container.querySelector('select')).toBeDisabled();

    freshKeeping.keepEarlyInput(document);
    // Before the app's code has even loaded: a press or a choice from now on is kept.
    expect(container.querySelector('button')).toBeEnabled();
    expect(container.querySelector('select')).toBeEnabled();

    let takenOver: Promise<void> | undefined;
    await act(async () => {
      takenOver = fresh.startApp(container, <FreshSubmit />, {
        rendered: true,
        router: fakeRouter(),
      });
    });
    await takenOver;
    expect(container.querySelector('button')).toBeEnabled();
    expect(container.querySelector('button')).not.toHaveAttribute('data-waits-for-script');
    expect(container.querySelector('select')).not.toHaveAttribute('data-waits-for-script');
    // Adopted as the page is (enabled by then), the controls are not rendered again after.
    await act(async () => {});
    expect(renders).toBe(rendersAdopting);
  });

  it('leaves a button the app itself disables to the app: the page does not enable it', () => {
    function Favourite() {
      // Busy in the HTML (the sign-in not known yet): a press now would do the wrong thing.
      return <button {...useControlWaitsForScript(true)}>Add to favorites</button>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Favourite />);
    document.body.append(container);
    expect(container.querySelector('button')).not.toHaveAttribute('data-waits-for-script');

    keepEarlyInput(document);
    expect(container.querySelector('button')).toBeDisabled();
  });

  it('is true at once in an app rendered in the browser alone', () => {
    render(<Submit />);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('afterFirstPaint', () => {
  it('starts a page in the background at once', () => {
    const start = vi.fn();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    afterFirstPaint(start, document);
    expect(start).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });

  it('starts a visible page after the next frame has been painted', () => {
    vi.useFakeTimers();
    const start = vi.fn();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    afterFirstPaint(start, document);
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledOnce();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
});
