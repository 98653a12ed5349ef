import { expect, test, type Page } from '@playwright/test';
import {
  PlayerState,
  endVideo,
  fakePlayer,
  markUnavailable,
  stubYouTube,
} from '@fansite/playwright-config/fake-youtube';

// The demo catalogue's "Sad & Emotional" playlist (13 songs), as browse.spec.ts finds it.
const PLAYLIST = 'emotional';

/** The song ids of the playlist, in play order, as its page links them. */
async function playlistSongIds(page: Page): Promise<string[]> {
  await page.goto(`/playlist?p=${PLAYLIST}`);
  const links = page.getByRole('main').locator('a[href^="/song?s="]');
  await expect(links).toHaveCount(13);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  return hrefs.map((href) => new URL(href!, 'http://site').searchParams.get('s')!);
}

const songUrl = (videoId: string, extra = '') =>
  new RegExp(`/song\\?s=${videoId}&p=${PLAYLIST}${extra}$`);

/** The song page's action bar (the player bar at the bottom has some of the same buttons). */
const songActions = (page: Page) => page.getByRole('toolbar', { name: 'Song actions' });

async function expectPlaying(page: Page, videoId: string) {
  await expect
    .poll(() => fakePlayer(page))
    .toMatchObject({ videoId, state: PlayerState.PLAYING, players: 1 });
}

test.describe('listening', () => {
  test('open a playlist, play a song, next and previous with one player', async ({ page }) => {
    await stubYouTube(page);
    const [first, second] = await playlistSongIds(page);

    await page.getByRole('main').locator(`a[href="/song?s=${first}&p=${PLAYLIST}"]`).click();
    await expect(page).toHaveURL(songUrl(first!));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectPlaying(page, first!);

    const nextSong = page.getByRole('region', { name: 'Next song' });
    await expect(nextSong.getByRole('link')).toHaveAttribute(
      'href',
      `/song?s=${second}&p=${PLAYLIST}`,
    );
    await songActions(page).getByRole('button', { name: 'Next song' }).click();
    await expect(page).toHaveURL(songUrl(second!));
    await expectPlaying(page, second!);

    await songActions(page).getByRole('button', { name: 'Previous song' }).click();
    await expect(page).toHaveURL(songUrl(first!));
    await expectPlaying(page, first!);

    // Keyboard: space pauses and resumes, M mutes, N goes to the next song.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Space');
    await expect.poll(() => fakePlayer(page)).toMatchObject({ state: PlayerState.PAUSED });
    await page.keyboard.press('Space');
    await expectPlaying(page, first!);
    await page.keyboard.press('m');
    await expect.poll(() => fakePlayer(page)).toMatchObject({ muted: true });
    await page.keyboard.press('n');
    await expect(page).toHaveURL(songUrl(second!));
  });

  test('a song that ends plays the next one; repeat replays it', async ({ page }) => {
    await stubYouTube(page);
    const [first, second] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}`);
    await expectPlaying(page, first!);

    await songActions(page).getByRole('button', { name: 'Repeat' }).click();
    await expect(songActions(page).getByRole('button', { name: 'Repeat' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await endVideo(page);
    await expect.poll(() => fakePlayer(page)).toMatchObject({ videoId: first, time: 0 });
    await expectPlaying(page, first!);
    await expect(page).toHaveURL(songUrl(first!));

    await songActions(page).getByRole('button', { name: 'Repeat' }).click();
    await endVideo(page);
    await expect(page).toHaveURL(songUrl(second!));
    await expectPlaying(page, second!);
  });

  test('shuffle, from the URL or the button, plays a random song of the playlist', async ({
    page,
  }) => {
    await stubYouTube(page);
    const [first] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}&shuffle`);
    const shuffle = songActions(page).getByRole('button', { name: 'Shuffle' });
    await expect(shuffle).toHaveAttribute('aria-pressed', 'true');
    await expectPlaying(page, first!);

    const random = page.waitForResponse(`**/api/v1/song/random?p=${PLAYLIST}`);
    await endVideo(page);
    const { data } = await (await random).json();
    // Shuffle stays on; a random pick of the song that ended replays it at the same address.
    await expect(page).toHaveURL(songUrl(data.youtube_url, '&shuffle(=true)?'));
    await expectPlaying(page, data.youtube_url);

    await shuffle.click();
    await expect(shuffle).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/shuffle/);
  });

  test('an unavailable video is said so, reported and skipped', async ({ page }) => {
    await stubYouTube(page);
    const [first, second, third] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}`);
    await expectPlaying(page, first!);
    await markUnavailable(page, second!, 150);

    const report = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/v1/contact/request') &&
        (request.postData() ?? '').includes(`${second}: Video unavailable`),
    );
    await endVideo(page);

    // Said over the video and by the player bar.
    await expect(
      page.getByText("This video can't be played. Skipping to the next song.").first(),
    ).toBeVisible();
    await report;
    await expect(page).toHaveURL(songUrl(third!));
    await expectPlaying(page, third!);
  });

  test('report asks for a reason of at least 3 characters', async ({ page }) => {
    await stubYouTube(page);
    const [first] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}`);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    let reportsSent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/contact/request')) reportsSent += 1;
    });

    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this song' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('no');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => alerts).toEqual(['Please enter a valid reason.']);
    expect(reportsSent).toBe(0);

    await dialog.getByRole('button', { name: 'Wrong title or artist' }).click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect
      .poll(() => alerts)
      .toEqual(['Please enter a valid reason.', 'Song reported successfully!']);
    expect(reportsSent).toBe(1);
    await expect(dialog).toBeHidden();
  });

  test('copy link copies the song address and says so for a moment', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await stubYouTube(page);
    const [first] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}`);
    await expectPlaying(page, first!);

    await page.getByRole('button', { name: 'Copy link' }).click();

    const notice = page.getByText('Link copied!');
    await expect(notice).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The page's own origin (its port moves with E2E_PORT_OFFSET).
    const origin = new URL(page.url()).origin;
    expect(copied).toMatch(new RegExp(`^${origin}/song\\?s=${first}&p=${PLAYLIST}`));
    // docs/product.md, constants: about 1.5 s.
    await expect(notice).toBeHidden({ timeout: 3000 });
  });

  test('a shared link starts at its time', async ({ page }) => {
    await stubYouTube(page);
    const [first] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}&t=42`);

    await expect
      .poll(() => fakePlayer(page))
      .toMatchObject({ loads: [{ videoId: first, startSeconds: 42 }] });
  });

  test('favourite while signed out asks to log in', async ({ page }) => {
    await stubYouTube(page);
    const [first] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}`);

    await page.getByRole('button', { name: 'Add to favorites' }).click();

    const dialog = page.getByRole('dialog', { name: 'Login required' });
    await expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account');
    await expect(dialog.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  test('an unknown song shows the 404 view', async ({ page }) => {
    await stubYouTube(page);
    await page.goto(`/song?s=zzzzzzzzzzz&p=${PLAYLIST}`);

    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toBeVisible();
  });

  test('no YouTube request leaves the home page', async ({ page }) => {
    const youtubeRequests: string[] = [];
    page.on('request', (request) => {
      // YouTube's hosts, not our own chunks that merely build YouTube addresses.
      if (/^https?:\/\/[^/]*(youtube|ytimg)/.test(request.url())) {
        youtubeRequests.push(request.url());
      }
    });
    await stubYouTube(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(youtubeRequests.filter((url) => !url.includes('i.ytimg.com/vi/'))).toEqual([]);
  });
});

test.describe('search', () => {
  test('from the navbar, with its sorts', async ({ page, request }) => {
    await stubYouTube(page);
    await page.goto('/playlists');
    // The search toggle is a button of the app: a press before the app has taken over the
    // rendered page is kept and handed to it (@fansite/ssr's takeOver).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    const searchBox = page.getByRole('searchbox');
    await searchBox.fill('heart');
    await searchBox.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=heart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'SEARCH RESULTS' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('heart');

    const results = page.getByRole('list', { name: 'Search results' });
    const firstTitle = results.getByRole('heading', { level: 3 }).first();
    const sort = page.getByLabel('Sort by');
    await expect(sort).toHaveValue('az');

    for (const [label, orderBy, orderDir] of [
      ['A-Z', 'title', 'ASC'],
      ['Z-A', 'title', 'DESC'],
      ['Newest', 'date_added', 'DESC'],
      ['Oldest', 'date_added', 'ASC'],
    ] as const) {
      await sort.selectOption({ label });
      const expected = await request.get(
        `/api/v1/song/search?s=heart&orderBy=${orderBy}&orderDir=${orderDir}`,
      );
      const { data } = await expected.json();
      expect(data.length).toBeGreaterThan(1);
      await expect(firstTitle).toHaveText(data[0].title);
    }

    const row = results.getByRole('listitem').first();
    await expect(row).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
    await row.getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/song\?s=/);
  });

  test('an artist badge searches that artist', async ({ page }) => {
    await stubYouTube(page);
    const [first] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}`);
    const artistBadge = page.getByRole('main').locator('a[href*="type=artist"]').first();
    const artist = (await artistBadge.textContent())!;

    await artistBadge.click();

    await expect(page).toHaveURL(/\/search\?q=.+&type=artist$/);
    const rows = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(rows.first()).toContainText(artist);
  });

  test('a search with no match says so', async ({ page }) => {
    await page.goto('/search?q=qqqqqqqqzzzz');
    await expect(page.getByRole('heading', { name: 'No songs found' })).toBeVisible();
  });

  test('the Random Song link opens a song from any page', async ({ page }) => {
    await stubYouTube(page);
    await page.goto('/search?q=love');
    // A press before the app has taken over the rendered page is kept and handed to it.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('navigation').first().getByRole('button', { name: 'Random Song' }).click();
    await expect(page).toHaveURL(/\/song\?s=[\w-]{11}&p=[a-z0-9-]+$/);
    await expect(page.getByRole('region', { name: 'Next song' })).toBeVisible();
  });
});
