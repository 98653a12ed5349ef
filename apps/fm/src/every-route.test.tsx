// @vitest-environment node
import { inProcessFetch } from '@fansite/api/src/plugins/app/page-render.ts';
import { buildTestApp } from '@fansite/api/src/test-support/app.ts';
import { renderedPageProblems } from '@fansite/ssr/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from './entry-server.tsx';

// The real server on a fresh database, which rendering leaves as it found it: a hook's time on a
// loaded machine, spent once for both hosts.
let harness: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  harness = await buildTestApp('pglite');
}, 180_000);
afterAll(() => harness?.close());

describe.each(['fm.localhost', 'fm.slowedreverb.localhost'])(
  'the radio on %s, rendered on the server',
  (host) => {
    // docs/product.md, screens: every path of the fm site shows the radio page.
    it.each(['/', '/any/path'])('renders %s whole, with the radio in <main>', async (url) => {
      const request = { headers: { host }, ip: '127.0.0.1' } as Parameters<
        typeof inProcessFetch
      >[1];
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const page = await render({
        url,
        origin: `http://${host}`,
        fetch: inProcessFetch(harness.app, request).fetch,
      }).finally(() => errors.mockRestore());
      expect(errors.mock.calls).toEqual([]);
      expect(page.status).toBe(200);
      expect(renderedPageProblems(page)).toEqual([]);
      expect(page.head).toContain(`<link rel="canonical" href="http://${host}/" />`);
      // The fixture catalogue is the first brand's: only its station has a song to carry.
      expect(page.state.includes('id="radio-state"')).toBe(host === 'fm.localhost');
    });
  },
);
