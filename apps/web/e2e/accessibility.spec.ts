import AxeBuilder from '@axe-core/playwright';
import { stubYouTube } from '@fansite/playwright-config/fake-youtube';
import { expect, test, type Page } from '@playwright/test';

/** The server's port (playwright.config.ts): 4310 moved by E2E_PORT_OFFSET. */
const PORT = 4310 + Number(process.env.E2E_PORT_OFFSET ?? 0);

const BRANDS = [
  { name: 'nightcore', origin: `http://localhost:${PORT}`, whatIs: '/what-is-nightcore' },
  {
    name: 'slowed-reverb',
    origin: `http://slowedreverb.localhost:${PORT}`,
    whatIs: '/what-is-slowed-reverb',
  },
];

/**
 * The pages a visitor reaches without signing in (FIRST_SONG: the playlist's first song). The
 * network page and the account pages still show violations and are not checked yet.
 */
const PUBLIC_PAGES = [
  '/',
  '/playlists',
  '/playlist?p=emotional',
  '/song?s=FIRST_SONG&p=emotional',
  '/search?q=nightcore',
  '/members',
  '/latest',
  '/faq',
  '/privacy',
  'WHAT_IS',
  '/get-in-touch',
  '/login',
  '/signup',
  '/forgot-password',
  '/no-such-page',
];

const WIDTHS = [390, 1280];

/**
 * Every rule of axe at every impact. The YouTube player is a frame of YouTube's we do not control:
 * it is left out (in these tests it is the fake player, which is not YouTube's markup either).
 */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .exclude('[data-testid="fake-youtube-player"]')
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** The playlist's first song, as its page links it. */
async function firstSong(page: Page, origin: string) {
  await page.goto(`${origin}/playlist?p=emotional`);
  const href = await page
    .getByRole('main')
    .locator('a[href^="/song?s="]')
    .first()
    .getAttribute('href');
  return new URL(href!, origin).searchParams.get('s')!;
}

async function checkPages(page: Page, origin: string, width: number, paths: string[]) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`${origin}${path}`);
    await expect(page.locator('main')).toBeVisible();
    // The page's data is shown (no skeleton left).
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const line of await violations(page)) found.push(`${width}px ${path}: ${line}`);
  }
  return found;
}

test.describe('accessibility (axe, every rule and impact)', () => {
  for (const brand of BRANDS) {
    // The song page is reached from the nightcore catalogue's playlist.
    const paths = PUBLIC_PAGES.filter(
      (path) => brand.name === 'nightcore' || !path.includes('FIRST_SONG'),
    );
    for (const path of paths) {
      test(`${brand.name}: ${path} at 390 and 1280 px`, async ({ page }) => {
        test.setTimeout(90_000);
        await stubYouTube(page);
        const address = path.includes('FIRST_SONG')
          ? path.replace('FIRST_SONG', await firstSong(page, brand.origin))
          : path.replace('WHAT_IS', brand.whatIs);
        const found = [];
        for (const width of WIDTHS) {
          found.push(...(await checkPages(page, brand.origin, width, [address])));
        }
        expect(found).toEqual([]);
      });
    }
  }
});
