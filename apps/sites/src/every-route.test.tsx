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
// A subscriber who writes markup into their site's name and subtitle.
network.supporterSites.push({
  domainName: 'sneaky',
  name: 'Sneaky</title><script>alert(1)</script>',
  subtitle: '"><img src=x onerror=alert(2)>',
  enabled: 'yes',
  profilePic: 'https://pics.example/sneaky.jpg',
  youtube: '',
});

// The real server on a fresh database, which rendering leaves as it found it: a hook's time on a
// loaded machine, spent once for both brands' hosts.
let harness: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  harness = await buildTestApp('pglite');
  await importDemoNetwork(harness.database, network);
}, 180_000);
afterAll(() => harness?.close());

describe.each(['localhost', 'slowedreverb.localhost'])(
  "a subscriber's site under %s, rendered on the server",
  (base) => {
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

    it("declares the site's title, description, Open Graph and X card tags in its head", async () => {
      const { page } = await renderAt(`alice.${base}`);
      expect(page.head).toContain('<title>Alice Sings</title>');
      expect(page.head).toContain(
        '<meta name="description" content="Nightcore covers, every Friday" />',
      );
      expect(page.head).toContain('<meta property="og:title" content="Alice Sings" />');
      expect(page.head).toContain(
        '<meta property="og:image" content="https://picsum.photos/seed/alice-banner/1600/500" />',
      );
      expect(page.head).toContain(`<meta property="og:url" content="http://alice.${base}/" />`);
      expect(page.head).toContain(`<link rel="canonical" href="http://alice.${base}/" />`);
      expect(page.head).toContain('<meta name="twitter:card" content="summary_large_image" />');
      // The host's brand names the site it belongs to.
      expect(page.head).toMatch(
        base === 'localhost'
          ? /<meta property="og:site_name" content="[^"]*Nightcore[^"]*"/i
          : /<meta property="og:site_name" content="[^"]*Slowed[^"]*"/i,
      );
    });

    it('escapes what the subscriber wrote into its head', async () => {
      const { page } = await renderAt(`sneaky.${base}`);
      expect(page.head).not.toContain('<script>');
      expect(page.head).not.toContain('<img');
      expect(page.head).toContain(
        '<title>Sneaky&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
      );
      // A profile picture alone is a small card.
      expect(page.head).toContain('<meta name="twitter:card" content="summary" />');
      expect(page.head).toContain(
        '<meta property="og:image" content="https://pics.example/sneaky.jpg" />',
      );
    });

    it('leaves a site that does not exist to the browser, which sends its visitor on', async () => {
      const { page } = await renderAt(`nobody-here.${base}`);
      expect(page).toEqual({ status: 200, head: '', html: '', state: '' });
    });
  },
);
