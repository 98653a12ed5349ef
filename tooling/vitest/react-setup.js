// Testing Library unmounts after each test by itself because the preset turns on `globals`.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// The test command runs packages side by side on two cores; a busy machine must not turn a slow
// render into a failure, so `findBy` and `waitFor` wait up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });
