import { expect, test, type Page } from '@playwright/test';
import {
  PlayerState,
  endVideo,
  fakePlayer,
  stubYouTube,
} from '@fansite/playwright-config/fake-youtube';

// The demo catalogue's "Sad & Emotional" playlist (13 songs), as listening.spec.ts uses it.
const PLAYLIST = 'emotional';

const playerBar = (page: Page) => page.getByRole('region', { name: 'Player' });

async function playlistSongIds(page: Page): Promise<string[]> {
  await page.goto(`/playlist?p=${PLAYLIST}`);
  const links = page.getByRole('main').locator('a[href^="/song?s="]');
  await expect(links).toHaveCount(13);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  return hrefs.map((href) => new URL(href!, 'http://site').searchParams.get('s')!);
}

test.describe('the player follows the visitor', () => {
  test('a song keeps playing in the same player while the visitor browses three pages', async ({
    page,
  }) => {
    await stubYouTube(page);
    const [first] = await playlistSongIds(page);
    await page.goto(`/song?s=${first}&p=${PLAYLIST}`);
    await expect
      .poll(() => fakePlayer(page))
      .toMatchObject({ videoId: first, state: PlayerState.PLAYING, players: 1 });
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
    // Marks on the page and on the player's element: a reload or a new player would lose them.
    await page.evaluate(() => {
      (window as { visitMark?: boolean }).visitMark = true;
      document.querySelector<HTMLElement>('[data-testid="fake-youtube-player"]')!.dataset.mark =
        'first';
    });

    const navigation = page.getByRole('navigation', { name: 'Main' });
    await navigation.getByRole('link', { name: 'Playlists' }).click();
    await expect(page).toHaveURL(/\/playlists$/);
    await expect(playerBar(page).getByRole('link', { name: title })).toBeVisible();

    await page.getByRole('main').locator(`a[href="/playlist?p=${PLAYLIST}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/playlist\\?p=${PLAYLIST}$`));
    await expect(playerBar(page).getByRole('link', { name: title })).toBeVisible();

    await navigation.getByRole('link', { name: 'Network' }).click();
    await expect(page).toHaveURL(/\/network$/);
    await expect(playerBar(page).getByRole('link', { name: title })).toBeVisible();

    // The same player, never reloaded, still on the first song and playing.
    expect(await fakePlayer(page)).toMatchObject({
      videoId: first,
      state: PlayerState.PLAYING,
      players: 1,
      loads: [{ videoId: first }],
    });
    expect(
      await page.evaluate(() => ({
        visit: (window as { visitMark?: boolean }).visitMark,
        player: document.querySelector<HTMLElement>('[data-testid="fake-youtube-player"]')?.dataset
          .mark,
      })),
    ).toEqual({ visit: true, player: 'first' });

    // The mini-player keeps the video at YouTube's minimum size or more.
    const video = page.getByTestId('fake-youtube-player');
    const box = (await video.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);
    expect(box.height).toBeGreaterThanOrEqual(200);

    // The bar drives that same player.
    await playerBar(page).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => fakePlayer(page)).toMatchObject({ state: PlayerState.PAUSED });
    await playerBar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => fakePlayer(page)).toMatchObject({ state: PlayerState.PLAYING });

    // Back on the song page by the bar's link: the same player, the URL naming the song.
    await playerBar(page).getByRole('link', { name: 'Open the song page' }).click();
    await expect(page).toHaveURL(new RegExp(`/song\\?s=${first}&p=${PLAYLIST}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await fakePlayer(page)).toMatchObject({ players: 1, loads: [{ videoId: first }] });

    // And the back button goes back through the pages visited.
    await page.goBack();
    await expect(page).toHaveURL(/\/network$/);
  });

  test('Play all starts the playlist with its first song and queues the rest', async ({ page }) => {
    await stubYouTube(page);
    const [first, second, , fourth] = await playlistSongIds(page);

    await page.getByRole('button', { name: 'Play all' }).click();

    await expect
      .poll(() => fakePlayer(page))
      .toMatchObject({ videoId: first, state: PlayerState.PLAYING, players: 1 });
    await expect(page).toHaveURL(new RegExp(`/playlist\\?p=${PLAYLIST}$`));
    await expect(playerBar(page)).toBeVisible();

    // The rest follows, in the playlist's order.
    await endVideo(page);
    await expect
      .poll(() => fakePlayer(page))
      .toMatchObject({ videoId: second, state: PlayerState.PLAYING, players: 1 });

    await playerBar(page).getByRole('link', { name: 'Open the song page' }).click();
    await expect(page).toHaveURL(new RegExp(`/song\\?s=${second}&p=${PLAYLIST}$`));
    const upNext = page.getByRole('list', { name: 'Up next' });
    await expect(upNext.getByRole('listitem')).toHaveCount(10);
    // The Next song card names the third; Up next goes on after it.
    await expect(upNext.getByRole('link').first()).toHaveAttribute(
      'href',
      `/song?s=${fourth}&p=${PLAYLIST}`,
    );
    await expect(upNext.getByRole('listitem').first()).toContainText(/\d+:\d{2}$/);
  });
});
