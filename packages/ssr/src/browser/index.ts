/**
 * The page's start in the browser (ARCHITECTURE.md, pages rendered on the server): each app's
 * `main.tsx` keeps what the visitor does and loads the app after the first paint; its `start.tsx`
 * adopts the carried state and the rendered markup.
 */
export { adoptCarriedState, readCarriedJson } from '../carried-state.ts';
export {
  startApp,
  useControlWaitsForScript,
  type HydratingRouter,
  type StartAppOptions,
} from './startApp.tsx';
export { nextTask } from './nextTask.ts';
export { WAITS_FOR_SCRIPT, startAfterFirstPaint } from './takeOver.ts';
