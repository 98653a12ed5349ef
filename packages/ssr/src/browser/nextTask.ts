interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task of the page's event loop. The work before and after an `await
 * nextTask()` are two tasks instead of one long one, so a phone can paint and answer a tap in
 * between (Lighthouse's blocking time counts each task's length past 50 ms). `scheduler.yield`
 * resumes ahead of other waiting tasks where the browser has it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
