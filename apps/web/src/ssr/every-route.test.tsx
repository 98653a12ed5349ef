// @vitest-environment node
import { generateDemoNetwork } from '@fansite/api/src/network/demo.ts';
import { importDemoNetwork } from '@fansite/api/src/network/import.ts';
import { inProcessFetch } from '@fansite/api/src/plugins/app/page-render.ts';
import { buildTestApp } from '@fansite/api/src/test-support/app.ts';
import { fixtureCatalogue, ids } from '@fansite/api/src/test-support/fixture-catalogue.ts';
import { importCatalogue } from '@fansite/api/src/catalogue/import.ts';
import { loadBrand } from '@fansite/brand-config';
import { renderedPageProblems } from '@fansite/ssr/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageAddress, render } from '../entry-server.tsx';
import { createAppRouter } from '../router.tsx';

/** The fixture catalogue again, for the second brand: the same songs under ids of their own. */
const otherBrandId = (id: string) => `${id.slice(0, 7)}9${id.slice(8)}`;
const otherBrandCatalogue = JSON.parse(
  JSON.stringify(fixtureCatalogue).replace(
    new RegExp(Object.values(ids).join('|'), 'g'),
    otherBrandId,
  ),
) as typeof fixtureCatalogue;
const songOf = (host: string) =>
  host.startsWith('slowedreverb') ? otherBrandId(ids.blueSky) : ids.blueSky;

/**
 * The pages each route of the main site is rendered at, with data from the fixture catalogue and
 * the demo network. A route missing here fails the test: every page is rendered on the server.
 */
const pagesOf = (host: string): Record<string, string[]> => ({
  '/': ['/'],
  '/$page': [loadBrand(host).whatIs.path],
  '/faq': ['/faq'],
  '/forgot-password': ['/forgot-password'],
  '/get-in-touch': ['/get-in-touch', '/get-in-touch?topic=request-song'],
  '/latest': ['/latest'],
  '/login': ['/login'],
  '/members': ['/members'],
  '/network': ['/network'],
  '/playlist': ['/playlist?p=chill'],
  '/playlists': ['/playlists', '/playlists?sort=az'],
  '/privacy': ['/privacy'],
  '/reset-password': ['/reset-password?oobCode=code'],
  '/verify-email': ['/verify-email?oobCode=code'],
  '/search': ['/search', '/search?q=sky', '/search?q=sky&type=artist&sort=newest'],
  '/signup': ['/signup'],
  '/song': [`/song?s=${songOf(host)}&p=chill`, `/song?s=${songOf(host)}&p=chill&t=42`],
});

/**
 * Pages for signed-in visitors, whom the server cannot know: sent as the plain app, which signs
 * the visitor in or shows the account.
 */
const SIGNED_IN_ONLY = [
  '/account',
  '/account/',
  '/account/artwork',
  '/account/change-password',
  '/account/make',
  '/account/promotion',
  '/account/website',
  '/staff',
  '/staff/',
  '/staff/inbox',
  '/staff/log',
  '/staff/music',
  '/staff/network',
  '/staff/news',
];

// One real server on a fresh database holding both brands' catalogues, which only reading pages
// leaves as it found it: a hook's time on a loaded machine, spent once for both hosts.
let harness: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  harness = await buildTestApp('pglite');
  await importCatalogue(harness.database, 'slowed-reverb', otherBrandCatalogue);
  await harness.app.catalogue.refresh();
  // The news, members and subscriber sites of the demo: /latest and /network show them.
  await importDemoNetwork(harness.database, generateDemoNetwork());
}, 180_000);
afterAll(() => harness?.close());

describe.each(['localhost', 'slowedreverb.localhost'])(
  'every page of the main site on %s, rendered on the server',
  (host) => {
    const origin = `http://${host}`;

    const renderAt = async (url: string) => {
      const request = { headers: { host }, ip: '127.0.0.1' } as Parameters<
        typeof inProcessFetch
      >[1];
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const page = await render({
          url,
          origin,
          fetch: inProcessFetch(harness.app, request).fetch,
        });
        return { page, errors: errors.mock.calls.map((call) => call.map(String).join(' ')) };
      } finally {
        errors.mockRestore();
      }
    };

    it('names a page for each route', () => {
      const router = createAppRouter({ brand: loadBrand(host) } as never);
      const routes = new Set(
        Object.values(router.routesById)
          .map((route) => route.fullPath as string)
          .filter((path) => path !== ''),
      );
      expect([...routes].sort()).toEqual(
        [...new Set([...Object.keys(pagesOf(host)), ...SIGNED_IN_ONLY])].sort(),
      );
    });

    it.each(Object.entries(pagesOf(host)).flatMap(([, urls]) => urls))(
      'renders %s whole, with its content in <main>',
      async (url) => {
        const { page, errors } = await renderAt(url);
        expect(errors).toEqual([]);
        expect(page.status).toBe(200);
        expect(renderedPageProblems(page)).toEqual([]);
        expect(page.head).toMatch(/<title>[^<]+<\/title>/);
        expect(page.head).toContain(`<link rel="canonical" href="${origin}/`);
      },
    );

    it.each(SIGNED_IN_ONLY)('leaves %s, for signed-in visitors, to the browser', async (url) => {
      const { page } = await renderAt(url);
      expect(page).toEqual({ status: 200, head: '', html: '', state: '' });
    });

    it("gives a song page the song's title, artist, thumbnail and start in its head", async () => {
      const song = songOf(host);
      const { page } = await renderAt(`/song?s=${song}&p=chill&t=42`);
      expect(page.head).toContain(
        `<meta property="og:url" content="${origin}/song?s=${song}&amp;p=chill&amp;t=42" />`,
      );
      expect(page.head).toContain(
        `<meta property="og:image" content="https://i.ytimg.com/vi/${song}/hqdefault.jpg" />`,
      );
      expect(page.head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    });

    it('answers 404 for a song or playlist that does not exist, and for an unknown path', async () => {
      for (const url of ['/song?s=nothingHere&p=chill', '/playlist?p=nothing', '/no-such-page']) {
        const { page } = await renderAt(url);
        expect({ url, status: page.status }).toEqual({ url, status: 404 });
        expect(renderedPageProblems(page)).toEqual([]);
      }
    });

    it('keeps a page under the parameters its route reads, in one order', async () => {
      expect(await pageAddress('/search?utm_source=x&sort=newest&q=sky')).toBe(
        await pageAddress('/search?q=sky&sort=newest&junk=1'),
      );
      expect(await pageAddress('/faq?utm_source=x')).toBe('/faq');
      expect(await pageAddress('/search?q=sky')).not.toBe(await pageAddress('/search?q=moon'));
    });
  },
);
