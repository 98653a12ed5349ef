/**
 * How an app takes over the page the server rendered (ARCHITECTURE.md, pages rendered on the
 * server). The page is readable before the app's code has run: that code is fetched once the page
 * has been painted, and what the visitor does in between (a press on a button, typing, a password
 * manager filling a form) is handed to the app once it listens, instead of being lost.
 */

import { nextTask } from './nextTask.ts';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Calls `start` once the page has been painted: on a slow phone, compiling and running the app
 * while the page loads holds its first paint back. A page opened in the background, which paints
 * nothing until shown, starts at once.
 */
export function afterFirstPaint(start: () => void, page: Document = document): void {
  const view = page.defaultView;
  if (!view || page.visibilityState !== 'visible') {
    start();
    return;
  }
  // An animation frame runs just before a paint; a task queued from it runs after that paint.
  view.requestAnimationFrame(() => view.setTimeout(start));
}

/**
 * Tells React about a value typed before it listened. React keeps the last value it saw on the
 * element itself and fires onChange only when an input event finds another one: the value is
 * reset through React's record, put back underneath it, and announced.
 */
function announceValue(field: Field) {
  const value = field.value;
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  const setUnderneath = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setUnderneath) return;
  field.value = '';
  setUnderneath.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/**
 * Tells React about an option chosen before it listened: React puts a controlled select back to
 * its own value as it adopts the page, so the choice is made again, then announced as the
 * change event a select's onChange is.
 */
function announceChoice(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Runs `then` once React has adopted `part` of the page: it adopts a page in slices, and what it
 * is told about a part not adopted yet is lost (a change is replayed after React has put the
 * select back to its own value; a form is sent the browser's way). An adopted control has lost
 * the server's mark (`markAdopted`); with no mark left in `part`, at once.
 */
function onceAdopted(part: HTMLElement, then: () => void) {
  const waits = () =>
    part.hasAttribute(WAITS_FOR_SCRIPT) || part.querySelector(`[${WAITS_FOR_SCRIPT}]`) !== null;
  if (!waits()) return then();
  const adopted = new MutationObserver(() => {
    if (waits()) return;
    adopted.disconnect();
    if (part.isConnected) then();
  });
  adopted.observe(part, { subtree: true, attributes: true, attributeFilter: [WAITS_FOR_SCRIPT] });
}

/** What the visitor did before the app listened, waiting for `handOverEarlyInput`. */
let waiting: { handOver(): void } | null = null;
const listeners = new Set<() => void>();

/**
 * Whether the page keeps what the visitor does: from `keepEarlyInput` on (the first thing an
 * app's entry does, before the document has finished loading) until the hand-over, then the app
 * listens itself. False in the server's rendering only.
 */
let keeping = false;

/** Whether input kept by `keepEarlyInput` still waits to be handed over. */
export function earlyInputWaiting(): boolean {
  return waiting !== null;
}

/** Whether a press or a submit is kept or handled from now on (see `useInputKept`). */
export function inputKept(): boolean {
  return keeping;
}

/** Calls `listener` when `inputKept` or `earlyInputWaiting` changes; returns how to stop. */
export function subscribeToEarlyInput(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The buttons and selects the server renders disabled (`useControlWaitsForScript`): pressed before any
 * script listens, a submit button would send the form the browser's way, its fields (passwords
 * included) in the address of a page reload, a toggle (the navbar's search and menu) would do
 * nothing, and a choice in a select the app reads (a sort order) would be shown but never acted
 * on. Once the page keeps input, a press or a choice is kept like any other.
 */
export const WAITS_FOR_SCRIPT = 'data-waits-for-script';

/** The forms waiting for React to adopt them, each sent once it has. */
const waitingForms = new WeakSet<HTMLFormElement>();

/** Sends `form` with `submitter` once React has adopted it; a form sent twice meanwhile, once. */
function sendOnceAdopted(form: HTMLFormElement, submitter: HTMLElement | null) {
  if (waitingForms.has(form)) return;
  waitingForms.add(form);
  onceAdopted(form, () => {
    waitingForms.delete(form);
    form.requestSubmit(submitter?.isConnected ? submitter : null);
  });
}

/** The selects waiting for React to adopt them, each with the last choice made in it. */
const waitingChoices = new WeakMap<HTMLSelectElement, string>();

/** Announces `value` chosen in `select` once React has adopted it; of two choices meanwhile, the last. */
function chooseOnceAdopted(select: HTMLSelectElement, value: string) {
  const alreadyWaiting = waitingChoices.has(select);
  waitingChoices.set(select, value);
  if (alreadyWaiting) return;
  onceAdopted(select, () => {
    const chosen = waitingChoices.get(select) ?? value;
    waitingChoices.delete(select);
    announceChoice(select, chosen);
  });
}

/**
 * Starts keeping what the visitor does before the app listens: the fields typed in, presses on
 * buttons and forms sent, each handed over in that order.
 */
export function keepEarlyInput(page: Document = document): void {
  const pressed: HTMLElement[] = [];
  const typed = new Set<Field>();
  const chosen = new Map<HTMLSelectElement, string>();
  const sent = new Map<HTMLFormElement, HTMLElement | null>();
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (!target || target.type === 'submit' || target.disabled) return;
    pressed.push(target);
    // The press is the hand-over's alone. React listens from the moment it starts adopting the
    // page, before it has committed: were the press to reach it, React would handle it and the
    // hand-over would play it again, and a toggle pressed once would open and close.
    event.stopPropagation();
  };
  let handedOver = false;
  const onInput = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLSelectElement) {
      if (!handedOver) chosen.set(target, target.value);
      // After the hand-over a select is React's once React has adopted it (`markAdopted` takes
      // the server's mark off). Until then a choice is lost: a select fires input, then change,
      // and React, adopting the select in between, puts it back to its own value before its
      // onChange reads it. The choice is announced again once the mark is gone; announced
      // twice, it is the same choice.
      else if (target.hasAttribute(WAITS_FOR_SCRIPT)) chooseOnceAdopted(target, target.value);
    } else if (!handedOver && isField(target)) typed.add(target);
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    // After the hand-over a form is React's, except one whose part of the page React has not
    // adopted yet (it adopts a page in slices): its submit button still carries the server's
    // mark, and a submit would go the browser's way.
    if (handedOver && !form.querySelector(`[${WAITS_FOR_SCRIPT}]`)) return;
    // Not sent the browser's way, and not to React before it listens: sent again, with the same
    // button, once the app listens. A form sent twice meanwhile is sent once.
    event.preventDefault();
    event.stopPropagation();
    if (handedOver) sendOnceAdopted(form, event.submitter);
    else sent.set(form, event.submitter);
  };
  page.addEventListener('click', onClick, true);
  page.addEventListener('input', onInput, true);
  page.addEventListener('submit', onSubmit, true);
  for (const control of page.querySelectorAll<HTMLButtonElement | HTMLSelectElement>(
    `button[${WAITS_FOR_SCRIPT}], select[${WAITS_FOR_SCRIPT}]`,
  )) {
    control.disabled = false;
  }
  keeping = true;
  waiting = {
    handOver() {
      page.removeEventListener('click', onClick, true);
      // Submits and choices are watched for good: see onSubmit and onInput.
      handedOver = true;
      for (const field of typed) if (field.isConnected) announceValue(field);
      for (const [select, value] of chosen) {
        if (select.isConnected) chooseOnceAdopted(select, value);
      }
      // A press, like a choice, goes to React once it has adopted the button: a click on a part
      // not adopted yet was lost (a song's Report pressed at once opened no dialog).
      for (const button of pressed) {
        if (button.isConnected) onceAdopted(button, () => button.click());
      }
      for (const [form, submitter] of sent) if (form.isConnected) sendOnceAdopted(form, submitter);
    },
  };
  for (const listener of listeners) listener();
}

/**
 * Passes what `keepEarlyInput` kept to the app, in order: each field's value as an input event,
 * each select's choice as a change event, then each press as a click. `startApp` calls it once
 * React has committed the app.
 */
export function handOverEarlyInput(): void {
  if (!waiting) return;
  const kept = waiting;
  waiting = null;
  kept.handOver();
  for (const listener of listeners) listener();
}

/**
 * The libraries every app starts from, each fetched and run in a task of its own before the app's
 * modules. A module graph imported at once runs in one task: the whole app's was 190-300 ms on a
 * phone with a 4x slower CPU, all of it blocking time (Lighthouse counts each task's length past
 * 50 ms). A library the app imports later has run already and is not run again.
 */
const LIBRARIES = [
  () => import('./libraries/react.ts'),
  () => import('./libraries/styles.ts'),
  () => import('./libraries/router.ts'),
];

/**
 * An app's entry: keeps what the visitor does and, once the page is painted, runs the shared
 * libraries (`LIBRARIES`) and then `load`, which fetches and runs the app (its `start.tsx`, which
 * calls `startApp`), each in a task of its own.
 */
export function startAfterFirstPaint(load: () => Promise<unknown>): void {
  keepEarlyInput();
  afterFirstPaint(() => void loadInTasks([...LIBRARIES, load]));
}

async function loadInTasks(steps: (() => Promise<unknown>)[]) {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
