import { expect, test, type Page } from '@playwright/test';
import { fakePlayer, stubYouTube } from '@fansite/playwright-config/fake-youtube';

/** The same server under another sub-domain (`alice.localhost:PORT` -> `NAME.localhost:PORT`). */
const onSubdomain = (page: Page, name: string, path = '/') => {
  const url = new URL(test.info().project.use.baseURL!);
  url.hostname = url.hostname.replace(/^alice\./, name ? `${name}.` : '');
  return new URL(path, url).href;
};

async function openSite(page: Page) {
  await stubYouTube(page);
  await page.goto('/');
  // The page arrives rendered, and a press before the app has taken it over is kept for it: the
  // visitor acts once they see the site.
  await expect(page.getByRole('heading', { level: 1, name: 'Alice Sings' })).toBeVisible();
}

test("shows the subscriber's site: title, newest uploads, support, more, about me", async ({
  page,
}) => {
  await openSite(page);
  await expect(page).toHaveTitle('Alice Sings');
  await expect(page.getByText('Nightcore covers, every Friday')).toBeVisible();

  const sections = page.getByRole('navigation', { name: 'Sections' });
  for (const name of ['New songs', 'Support me', 'More', 'About me']) {
    await expect(sections.getByRole('link', { name })).toBeVisible();
  }

  // The fake channel feed has twelve uploads; the site shows the eight newest, newest first.
  const thumbnails = page.getByRole('region', { name: 'New songs' }).getByRole('button');
  await expect(thumbnails).toHaveCount(8);
  await expect(thumbnails.first()).toHaveAccessibleName('Play Upload number 1 & more');

  const playlists = page.getByRole('list', { name: 'Playlists' }).getByRole('link');
  await expect(playlists).not.toHaveCount(0);
  expect(await playlists.count()).toBeLessThanOrEqual(6);
  await expect(playlists.first()).toHaveAttribute(
    'href',
    new RegExp(`^${onSubdomain(page, 'www', '/playlist')}\\?p=`.replace(/\./g, '\\.')),
  );

  const about = page.getByRole('region', { name: 'About me' });
  await expect(about).toContainText('I sing sped-up covers');
  // Line breaks are kept, and the address in the text is a safe link.
  expect(await about.locator('p').evaluate((text) => getComputedStyle(text).whiteSpace)).toBe(
    'pre-line',
  );
  await expect(about.getByRole('link', { name: 'https://example.com/alice/gear' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await expect(page.getByRole('contentinfo')).toContainText('Alice Sings');
});

test('a video opens in the floating player; Escape and the close button close it', async ({
  page,
}) => {
  await openSite(page);
  const first = page.getByRole('button', { name: 'Play Upload number 1 & more' });
  await first.click();

  const player = page.getByRole('dialog', { name: 'Video player' });
  await expect(player).toBeVisible();
  await expect(player.getByRole('heading')).toHaveText('Upload number 1 & more');
  // The video in the dialog, not the page's last player: the radio widget has a player of its
  // own, which may be made after the press.
  const video = player.getByTestId('fake-youtube-player');
  await expect(video).toHaveAttribute('data-video-id', 'fakeVideo00');
  await expect(player.getByRole('button', { name: 'Close the video' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(player).toBeHidden();
  await expect(first).toBeFocused();

  const second = page.getByRole('button', { name: 'Play Upload number 2 & more' });
  await second.click();
  await expect(video).toHaveAttribute('data-video-id', 'fakeVideo01');
  await player.getByRole('button', { name: 'Close the video' }).click();
  await expect(player).toBeHidden();
  await expect(second).toBeFocused();
});

test('the support section links the social accounts that are set, X among them', async ({
  page,
}) => {
  await openSite(page);
  const links = page.getByRole('list', { name: 'Social links' }).getByRole('link');
  await expect(links).toHaveText(['YouTube', 'Patreon', 'X', 'Instagram']);
  await expect(links.filter({ hasText: 'X' })).toHaveAttribute('href', 'https://x.com/alicesings');
  await expect(links.first()).toHaveAttribute('target', '_blank');
});

test('the radio widget plays the station', async ({ page }) => {
  await openSite(page);
  const radio = page.getByRole('region', { name: /Radio$/ });
  await radio.scrollIntoViewIfNeeded();
  await expect(
    radio.getByRole('region', { name: 'Now playing' }).getByRole('heading'),
  ).toBeVisible();
  // The heading comes with the page; the player is made once the widget has started.
  await expect.poll(async () => (await fakePlayer(page)).muted).toBe(true);

  await radio.getByRole('button', { name: 'Unmute' }).click();
  await expect(radio.getByRole('button', { name: 'Mute' })).toBeVisible();
  expect(await fakePlayer(page)).toMatchObject({ muted: false, state: 1 });
});

test('a site that is not enabled sends the visitor to the main site', async ({ page }) => {
  await page.goto(onSubdomain(page, 'draftsite'));
  await page.waitForURL(onSubdomain(page, 'www'));
});

test('any other path is not found', async ({ page }) => {
  await stubYouTube(page);
  const response = await page.goto('/songs/anything');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the page as sent, read without JavaScript, carries the preview tags and the site itself', async ({
  browser,
}) => {
  // Link previews (Discord, X) read the HTML and run no script: neither does this browser.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  const html = await response!.text();
  expect(html).toContain('<title>Alice Sings</title>');
  expect(html).toContain('<meta name="description" content="Nightcore covers, every Friday" />');
  expect(html).toContain('<meta property="og:title" content="Alice Sings" />');
  expect(html).toContain(
    '<meta property="og:image" content="https://picsum.photos/seed/alice-banner/1600/500" />',
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).toContain('<meta name="twitter:title" content="Alice Sings" />');
  await expect(page).toHaveTitle('Alice Sings');
  // The site is in the HTML, styled: its name, subtitle, newest uploads and about-me text.
  await expect(page.getByRole('heading', { level: 1, name: 'Alice Sings' })).toBeVisible();
  await expect(page.getByText('Nightcore covers, every Friday')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'New songs' }).getByRole('button', {
      name: 'Play Upload number 1 & more',
    }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'About me' })).toContainText(
    'I sing sped-up covers',
  );
  expect(html).toMatch(/<style data-styled="true"/);
  await context.close();
});

test('the rendered site is taken over without warnings and without reading its data again', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium here reaches no outside host (thumbnails, YouTube, blocked by the test's stub).
    if (/^Failed to load resource/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const infoReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/subscriber/getinfo')) infoReads.push(request.url());
  });
  await openSite(page);
  // Taken over: a press on an upload opens the app's player.
  await page.getByRole('button', { name: 'Play Upload number 1 & more' }).click();
  await expect(page.getByRole('dialog', { name: 'Video player' })).toBeVisible();
  expect(infoReads).toEqual([]);
  expect(problems).toEqual([]);
});
