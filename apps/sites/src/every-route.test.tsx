// @vitest-environment node
import { generateDemoNetwork } from '@fansite/api/src/network/demo.ts';
import { importDemoNetwork } from '@fansite/api/src/network/import.ts';
import { inProcessFetch } from '@fansite/api/src/plugins/app/page-render.ts';
import { buildTestApp } from '@fansite/api/src/test-support/app.ts';
import { renderedPageProblems } from '@fansite/ssr/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from './entry-server.tsx';

const network = generateDemoNetwork();
const enabledSite = network.supporterSites.find((site) => site.enabled === 'yes')!.domainName;

// The real server on a fresh database: a hook's time on a loaded machine.
describe.each(['localhost', 'slowedreverb.localhost'])(
  "a subscriber's site under %s, rendered on the server",
  (base) => {
    let harness: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      harness = await buildTestApp('pglite');
      await importDemoNetwork(harness.database, network);
    }, 180_000);
    afterAll(() => harness?.close());

    const renderAt = async (host: string) => {
      const request = { headers: { host }, ip: '127.0.0.1' } as Parameters<
        typeof inProcessFetch
      >[1];
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const page = await render({
        url: '/',
        origin: `http://${host}`,
        fetch: inProcessFetch(harness.app, request).fetch,
      }).finally(() => errors.mockRestore());
      return { page, errors: errors.mock.calls };
    };

    it("renders the site's page whole, with its content in <main>", async () => {
      const { page, errors } = await renderAt(`${enabledSite}.${base}`);
      expect(errors).toEqual([]);
      expect(page.status).toBe(200);
      expect(renderedPageProblems(page)).toEqual([]);
      expect(page.state).toContain('id="query-state"');
    });

    it('leaves a site that does not exist to the browser, which sends its visitor on', async () => {
      const { page } = await renderAt(`nobody-here.${base}`);
      expect(page).toEqual({ status: 200, head: '', html: '', state: '' });
    });
  },
);
