import { expect, test } from '@playwright/test';
import { stubYouTube } from '@fansite/playwright-config/fake-youtube';
import catalogue from './fixtures/short-songs.json' with { type: 'json' };

/** The server's port (playwright.config.ts): 4311 moved by E2E_PORT_OFFSET. */
const PORT = 4311 + Number(process.env.E2E_PORT_OFFSET ?? 0);
const FM = `http://fm.localhost:${PORT}`;

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

test('the radio page arrives with its heading, the song playing now, its styles and its preview tags in the HTML', async ({
  browser,
}) => {
  // As a link preview crawler gets it: no JavaScript runs (the browser resolves fm.localhost).
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  for (const path of ['/', '/any/path?x=1']) {
    const response = await page.goto(`${FM}${path}`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/<h2>Nightcore Radio<\/h2>/);
    // The station's song, as the page shows it first; the browser starts from the same answer.
    const titles = catalogue.songs.map((song) => song.title);
    expect(titles).toContain(/<h3>([^<]*)<\/h3>/.exec(html)?.[1]);
    expect(html).not.toContain('Tuning in...');
    expect(html).toContain('<script type="application/json" id="radio-state">');
    expect(html).toMatch(/<title>Radio \| Nightcore<\/title>/);
    expect(metaContent(html, 'description')).toMatch(/^The Nightcore radio: /);
    expect(html).toContain(`<link rel="canonical" href="${FM}/" />`);
    expect(metaContent(html, 'og:title')).toBe('Radio | Nightcore');
    expect(metaContent(html, 'og:site_name')).toBe('Nightcore');
    expect(metaContent(html, 'og:url')).toBe(`${FM}/`);
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    // Styles come with the markup, in the brand's colours: no flash of unstyled content.
    expect(html).toMatch(/<style data-styled="true"/);
  }
  await noScript.close();
});

test('the radio page shows styled before its JavaScript and keeps its layout as the app takes over', async ({
  browser,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const before = await noScript.newPage();
  await before.goto(`${FM}/`);
  await expect(before.getByRole('heading', { name: 'Nightcore Radio', exact: true })).toBeVisible();
  const unmuteBefore = await before.getByRole('button', { name: 'Unmute' }).boundingBox();
  await noScript.close();

  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium here resolves no outside host.
    if (message.type() === 'error' && !/ERR_NAME_NOT_RESOLVED/.test(message.text())) {
      problems.push(message.text());
    }
    if (/hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await stubYouTube(page);
  await page.goto(`${FM}/`);
  const nowPlaying = page.getByRole('region', { name: 'Now playing' }).getByRole('heading');
  await expect(nowPlaying).toHaveText(new RegExp(catalogue.songs.map((s) => s.title).join('|')));
  await expect(page).toHaveTitle('Radio | Nightcore');

  // Hydrated and tuned in, the page keeps its layout: the controls stay put.
  const unmuteAfter = await page.getByRole('button', { name: 'Unmute' }).boundingBox();
  expect(unmuteAfter?.y).toBe(unmuteBefore?.y);
  // The page hydrated: its controls work.
  await page.getByRole('button', { name: 'Unmute' }).click();
  await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
  expect(problems).toEqual([]);
});
