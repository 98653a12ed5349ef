import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll } from 'vitest';

// The test command runs packages side by side on two cores; a busy machine must not turn a slow
// render into a failure, so `findBy` and `waitFor` wait up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// The test files of a package share one jsdom and one module graph (`isolate: false` in react.js):
// creating a jsdom per file cost more than the tests. Testing Library registers its clean-up when
// first imported, so in the first file only; this file runs before every test file, unmounts after
// each test and leaves the page as a fresh jsdom would be for the next file. Files that ask for the
// node environment (server rendering) have no page. Testing Library is the tested package's own
// copy (`resolve.dedupe` in react.js): its clean-up knows only what that copy rendered.
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  const startingAddress = window.location.href;
  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => cleanup());
  afterAll(() => {
    document.body.replaceChildren();
    document.title = '';
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.history.replaceState(null, '', startingAddress);
  });
}
