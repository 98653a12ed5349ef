import { AUTH_EMULATOR_HOST } from '@fansite/playwright-config';
import { stubYouTube } from '@fansite/playwright-config/fake-youtube';
import { expect, test, type Page } from '@playwright/test';
import {
  E2E_SUBSCRIBER_EMAIL,
  E2E_SUBSCRIBER_PASSWORD,
  verifyEmailInEmulator,
} from './support/subscriber.ts';

/** The server's port (playwright.config.ts): 4310 moved by E2E_PORT_OFFSET. */
const PORT = 4310 + Number(process.env.E2E_PORT_OFFSET ?? 0);

/** docs/product.md, screens: every page of the main site a visitor reaches without signing in. */
const PAGES = [
  '/',
  '/playlists',
  '/playlist?p=emotional',
  '/song?s=FIRST_SONG&p=emotional',
  '/search?q=nightcore',
  '/network',
  '/members',
  '/latest',
  '/faq',
  '/privacy',
  '/what-is-nightcore',
  '/get-in-touch',
  '/login',
  '/signup',
  '/forgot-password',
  '/no-such-page',
];

/** Links and buttons of the navbar and the page's main content smaller than a finger (44 px). */
function smallTapTargets(page: Page) {
  return page.evaluate(() => {
    const targets = document.querySelectorAll<HTMLElement>(
      'nav[aria-label="Main"] a, nav[aria-label="Main"] button, main a, main button',
    );
    return [...targets].flatMap((element) => {
      const box = element.getBoundingClientRect();
      // Hidden targets (a folded menu, a closed panel) cannot be tapped.
      if (box.width === 0 || box.height === 0) return [];
      // A link inside a sentence is sized by its text (WCAG 2.5.5's inline exception).
      if (getComputedStyle(element).display === 'inline') return [];
      if (box.width >= 44 && box.height >= 44) return [];
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      return [
        `${element.tagName} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      ];
    });
  });
}

const overflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

async function firstSongOf(page: Page, playlist: string): Promise<string> {
  const response = await page.request.get(`/api/v1/playlist/get?p=${playlist}`);
  const { data } = (await response.json()) as { data: { songs: { youtube_url: string }[] } };
  return data.songs[0]!.youtube_url;
}

for (const width of [360, 390]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no page scrolls sideways and every tap target is at least 44 px', async ({ page }) => {
      test.slow();
      await stubYouTube(page);
      const firstSong = await firstSongOf(page, 'emotional');
      const problems: string[] = [];
      for (const path of PAGES) {
        // Measured once the page shows its data (no skeleton left): the app adopts the rendered
        // page as it is, so what it shows before and after is laid out the same.
        await page.goto(path.replace('FIRST_SONG', firstSong));
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const extra = await overflow(page);
        if (extra > 0) problems.push(`${path}: ${extra} px wider than the screen`);
        for (const target of await smallTapTargets(page)) problems.push(`${path}: ${target}`);
      }
      expect(problems).toEqual([]);
    });

    test('the radio fits, its controls in view without scrolling', async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await stubYouTube(page);
      await page.goto(`http://fm.localhost:${PORT}/`);
      for (const name of ['Unmute', 'Copy link']) {
        await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
      }
      await expect(page.getByRole('slider', { name: 'Volume' })).toBeInViewport({ ratio: 1 });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await smallTapTargets(page)).toEqual([]);
    });

    test('a long email in the dashboard welcome wraps instead of widening the page', async ({
      page,
    }) => {
      const email = `a-very-long-name-for-a-listener-${Date.now()}@a-rather-long-example-domain.com`;
      const created = await page.request.post(
        `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
        { data: { email, password: 'first-secret', returnSecureToken: true } },
      );
      expect(created.ok()).toBe(true);
      // The page arrives rendered; its submit button is enabled once typing is kept for the app.
      await page.goto('/login?redirect=%2Faccount');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('first-secret');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Signed in, the app goes on to the dashboard (leaving earlier would cut the sign-in short).
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { name: `Welcome, ${email}!` })).toBeVisible();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });

    test("a subscriber's account pages fit, the menu above the page and the current entry alone marked", async ({
      page,
    }) => {
      test.slow();
      const emulator = `http://${AUTH_EMULATOR_HOST}`;
      const account = { email: E2E_SUBSCRIBER_EMAIL, password: E2E_SUBSCRIBER_PASSWORD };
      const signUp = await page.request.post(
        `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
        { data: account },
      );
      if (!signUp.ok()) expect(await signUp.text()).toContain('EMAIL_EXISTS');
      await verifyEmailInEmulator(page.request, emulator, account);
      // Filled as soon as the form shows: the page keeps what is typed before the app takes over.
      await page.goto('/login?redirect=%2Faccount');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/account$/);

      const menu = page.getByRole('navigation', { name: 'Account' });
      const pages = [
        ['/account/make', 'Song Maker', 'Song Maker'],
        ['/account/website', 'My Website', 'My Website'],
        ['/account/promotion', 'Channel Promotion', 'Channel Promotion'],
        ['/account/change-password', 'Change Password', 'Change Password'],
        ['/account', 'Dashboard', /^Welcome/],
      ] as const;
      for (const [path, entry, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeInViewport();
        await expect(menu.locator('[aria-current="page"]')).toHaveText([entry]);
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
      }
    });

    test('opening the menu or the search moves neither the logo nor the page', async ({ page }) => {
      await page.goto('/playlists');
      const logo = page.getByRole('navigation', { name: 'Main' }).getByRole('link').first();
      const heading = page.getByRole('heading', { level: 1 });
      const before = { logo: await logo.boundingBox(), heading: await heading.boundingBox() };

      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Network' }),
      ).toBeVisible();
      expect(await logo.boundingBox()).toEqual(before.logo);
      expect(await heading.boundingBox()).toEqual(before.heading);

      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('searchbox', { name: 'Search songs' })).toBeVisible();
      expect(await logo.boundingBox()).toEqual(before.logo);
      expect(await heading.boundingBox()).toEqual(before.heading);
    });

    test('the navbar darkens over the home page once it scrolls', async ({ page }) => {
      // Scrolled at once: a page scrolled before the app took it over darkens when it does.
      await page.goto('/');
      const bar = page.getByRole('banner');
      const background = () => bar.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await background()).toBe('rgba(0, 0, 0, 0)');
      await page.mouse.wheel(0, 600);
      await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
    });
  });
}
