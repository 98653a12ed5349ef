import { expect, test, type Page } from '@playwright/test';

/** The server's port (playwright.config.ts): 4310 moved by E2E_PORT_OFFSET. */
const PORT = 4310 + Number(process.env.E2E_PORT_OFFSET ?? 0);
const MAIN = `http://localhost:${PORT}`;
const SLOWED = `http://slowedreverb.localhost:${PORT}`;

// The demo catalogue is deterministic: this playlist and its first song come from its generator.
const PLAYLIST = 'network';
const PLAYLIST_NAME = 'From Our Network';

/** The songs of the demo playlist, read from the API as a client would. */
async function playlistSongs(page: Page, origin: string = MAIN) {
  // Each brand has its own catalogue: the song is read for the host that shows it (sent as the
  // Host header: Node, unlike the browser, does not resolve *.localhost names).
  const response = await page.request.get(`${MAIN}/api/v1/playlist/get?p=${PLAYLIST}`, {
    headers: { host: new URL(origin).host },
  });
  const { data } = (await response.json()) as {
    data: { songs: { youtube_url: string; title: string }[] };
  };
  return data.songs;
}

/** The first song of the demo playlist. */
async function firstSong(page: Page, origin: string = MAIN) {
  return (await playlistSongs(page, origin))[0]!;
}

/** The HTML as a link preview crawler gets it: no JavaScript runs. */
async function rawHtml(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return response.text();
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

test('each main page arrives with its heading and its preview tags in the HTML', async ({
  page,
  browser,
}) => {
  const home = await rawHtml(page, `${MAIN}/`);
  expect(home).toContain('Nightcore music, all in one place');
  // The grid is in the page, not fetched after: the home playlists are in the HTML.
  expect(home).toContain(PLAYLIST_NAME);
  expect(home).toMatch(/<title>Nightcore<\/title>/);
  expect(metaContent(home, 'og:site_name')).toBe('Nightcore');
  // Styles come with the markup: no flash of unstyled content.
  expect(home).toMatch(/<style data-styled="true"/);

  const playlists = await rawHtml(page, `${MAIN}/playlists`);
  expect(playlists).toMatch(/<h1[^>]*>Playlists<\/h1>/);
  expect(metaContent(playlists, 'og:title')).toBe('Playlists | Nightcore');
  expect(playlists).toContain(`<link rel="canonical" href="${MAIN}/playlists" />`);

  const [song, , afterNext] = await playlistSongs(page);
  const songUrl = `${MAIN}/song?s=${song!.youtube_url}&p=${PLAYLIST}&t=42`;
  const songPage = await rawHtml(page, songUrl);
  expect(songPage).toContain(song!.title);
  // "Up next" lists the playlist's following songs after the one the Next song card names.
  const upNext = songPage.slice(songPage.indexOf('Up next</h2>'));
  expect(upNext).toContain(`/song?s=${afterNext!.youtube_url}&amp;p=${PLAYLIST}`);
  expect(metaContent(songPage, 'og:type')).toBe('video.other');
  expect(metaContent(songPage, 'og:image')).toBe(
    `https://i.ytimg.com/vi/${song!.youtube_url}/hqdefault.jpg`,
  );
  // A shared link that starts part-way keeps its start in the preview's address.
  expect(metaContent(songPage, 'og:url')).toBe(songUrl.replaceAll('&', '&amp;'));
  expect(metaContent(songPage, 'twitter:card')).toBe('summary_large_image');

  const faq = await rawHtml(page, `${MAIN}/faq`);
  expect(metaContent(faq, 'og:title')).toBe('FAQ | Nightcore');
  // The FAQ's structured data is in the HTML and parses.
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(faq)?.[1];
  expect(() => JSON.parse(ld ?? '') as unknown).not.toThrow();

  // The other brand's host, in a browser with JavaScript off (Node resolves no *.localhost).
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const slowedPage = await noScript.newPage();
  await slowedPage.goto(`${SLOWED}/`);
  await expect(
    slowedPage.getByRole('heading', { level: 1, name: 'Slowed and reverb songs to drift away to' }),
  ).toBeVisible();
  await expect(slowedPage).toHaveTitle('Slowed & Reverb');
  await expect(slowedPage.locator('meta[property="og:site_name"]')).toHaveAttribute(
    'content',
    'Slowed & Reverb',
  );
  await noScript.close();
});

test('a page that names nothing answers 404 with the not-found view', async ({ page }) => {
  const response = await page.request.get(`${MAIN}/playlist?p=no-such-playlist`);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Page not found');
});

for (const [brand, origin, heading] of [
  ['Nightcore', MAIN, 'Nightcore music, all in one place'],
  ['Slowed & Reverb', SLOWED, 'Slowed and reverb songs to drift away to'],
] as const) {
  test(`${brand}: pages hydrate cleanly, without fetching what the HTML carried, and navigate in place`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      // Chromium here resolves no outside host (YouTube thumbnails, Discord).
      if (message.type() === 'error' && !/ERR_NAME_NOT_RESOLVED/.test(message.text())) {
        problems.push(message.text());
      }
      if (/hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/')) calls.push(pathname);
    });

    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(calls).not.toContain('/api/v1/playlist/all');

    await page.goto(`${origin}/playlist?p=${PLAYLIST}`, { waitUntil: 'networkidle' });
    expect(calls).not.toContain('/api/v1/playlist/get');
    const song = await firstSong(page, origin);
    await page.goto(`${origin}/song?s=${song.youtube_url}&p=${PLAYLIST}`, {
      waitUntil: 'networkidle',
    });
    await expect(page.getByRole('heading', { level: 1, name: song.title })).toBeVisible();
    expect(calls).not.toContain('/api/v1/song/get');
    // Its "Up next" came with the page too; the whole playlist, which Up next goes on from, is
    // read once the page shows.
    expect(calls).not.toContain('/api/v1/playlist/upnext');
    await expect.poll(() => calls).toContain('/api/v1/playlist/get');

    // After hydration, links move within the page: no new document loads.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('navigation').first().getByRole('link', { name: 'Playlists' }).click();
    await expect(page).toHaveURL(/\/playlists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);

    expect(problems).toEqual([]);
  });
}

test('a page scrolled before the app takes it over stays where the visitor left it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  // The app's code is held back until the visitor has scrolled the rendered page.
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    releaseCode = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await codeHeld;
    await route.continue();
  });
  await page.goto(`${MAIN}/get-in-touch`, { waitUntil: 'commit' });
  const send = page.getByRole('button', { name: 'Send' });
  // Rendered, no script has run: the form waits (pressed now, the browser would send it itself).
  await expect(send).toBeDisabled();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(300);

  releaseCode();
  await expect(send).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => scrollY)).toBe(300);

  // The pages the app opens after are the router's: they open at their top.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Playlists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

test('a form sent before the app has taken the page over is sent once the app listens', async ({
  page,
}) => {
  // The page's entry runs; the app it then fetches is held until the visitor has pressed Send.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route('**/assets/start-*.js', async (route) => {
    await appHeld;
    await route.continue();
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/contact/request')) sent.push(request.postData() ?? '');
  });
  await page.goto(`${MAIN}/get-in-touch?topic=bug-report`, { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Get in touch' });
  const email = `early-${Date.now().toString(36)}@example.com`;
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Discord').fill('early#1234');
  await form.getByLabel('YouTube URL').fill('https://www.youtube.com/@early');
  await form.getByLabel('Message').fill('Sent before the app listened.');
  await form.getByRole('button', { name: 'Send' }).click();
  await form.getByRole('button', { name: 'Send' }).click();
  // Not sent the browser's way: no reload with the fields in the address.
  expect(page.url()).toBe(`${MAIN}/get-in-touch?topic=bug-report`);
  expect(sent).toHaveLength(0);

  releaseApp();
  await expect(page.getByText('Your request has been sent successfully!')).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain(email);
  expect(sent[0]).toContain('Sent before the app listened.');
});

test("a press on a song's action before the app listens is kept and played once it does", async ({
  page,
  request,
}) => {
  const playlist = await request.get(`${MAIN}/api/v1/playlist/get?p=${PLAYLIST}`);
  const { data } = (await playlist.json()) as { data: { songs: { youtube_url: string }[] } };
  // Every script is held, then the app's own (`start-*.js`, which the page's entry fetches).
  const held = () => {
    let release = () => {};
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { promise, release };
  };
  const scripts = held();
  const app = held();
  await page.route('**/assets/*.js', async (route) => {
    await scripts.promise;
    if (/\/start-[^/]*\.js$/.test(route.request().url())) await app.promise;
    await route.continue();
  });
  await page.goto(`${MAIN}/song?s=${data.songs[0]!.youtube_url}&p=${PLAYLIST}`, {
    waitUntil: 'commit',
  });
  const report = page
    .getByRole('toolbar', { name: 'Song actions' })
    .getByRole('button', { name: 'Report' });
  const dialog = page.getByRole('dialog', { name: 'Report this song' });
  // Painted, no script has run: pressed now, nothing would hear it, so it waits.
  await expect(report).toBeDisabled();

  scripts.release();
  // The page's entry keeps presses from here on; the app is still held.
  await report.click();
  await expect(dialog).toBeHidden();

  app.release();
  await expect(dialog).toBeVisible();
});
