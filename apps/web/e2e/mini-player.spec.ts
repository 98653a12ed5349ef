import { PlayerState, fakePlayer, stubYouTube } from '@fansite/playwright-config/fake-youtube';
import { expect, test, type Page } from '@playwright/test';

// The demo catalogue's "Sad & Emotional" playlist, as player.spec.ts uses it.
const PLAYLIST = 'emotional';

const playerBar = (page: Page) => page.getByRole('region', { name: 'Player' });
const visibleButton = (page: Page, name: string) =>
  playerBar(page).getByRole('button', { name, exact: true }).locator('visible=true');

/**
 * Where the footer ends once the page is scrolled to its end. The song list measures its rows as
 * they show, which can make the page longer: polled, this scrolls again each time.
 */
function footerBottomAtTheEnd(page: Page) {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return document.querySelector('footer')!.getBoundingClientRect().bottom;
  });
}

async function playAll(page: Page) {
  await page.goto(`/playlist?p=${PLAYLIST}`);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(playerBar(page)).toBeVisible();
}

test.describe('the mini-player', () => {
  test('says when YouTube cannot be reached, offers Retry and YouTube, and can be closed', async ({
    page,
  }) => {
    // A network where YouTube is blocked: its script never arrives.
    await page.route(/^https:\/\/([a-z0-9-]+\.)*(youtube\.com|ytimg\.com)\//, (route) =>
      route.abort('blockedbyclient'),
    );
    await playAll(page);

    await expect(page.getByText('YouTube cannot be reached right now.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.youtube\.com\/watch\?v=/,
    );
    // The bar says it too, where the artist was.
    await expect(playerBar(page)).toContainText('YouTube cannot be reached right now.');

    await visibleButton(page, 'Close the player').click();
    await expect(playerBar(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test('folds away to the bar and back, the music going on, and hides nothing of the page', async ({
    page,
  }) => {
    await stubYouTube(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await playAll(page);
    await expect.poll(() => fakePlayer(page)).toMatchObject({ state: PlayerState.PLAYING });

    // Scrolled to the end, the page's last line sits above the mini-player and the bar.
    const video = page.getByTestId('fake-youtube-player');
    const videoTop = (await video.boundingBox())!.y;
    await expect.poll(() => footerBottomAtTheEnd(page)).toBeLessThanOrEqual(videoTop + 1);

    await visibleButton(page, 'Hide the video').click();
    await expect(video).toBeHidden();
    const barTop = (await playerBar(page).boundingBox())!.y;
    await expect.poll(() => footerBottomAtTheEnd(page)).toBeLessThanOrEqual(barTop + 1);
    expect(await fakePlayer(page)).toMatchObject({ state: PlayerState.PLAYING, players: 1 });

    await visibleButton(page, 'Show the video').click();
    await expect(video).toBeVisible();
  });
});

test.describe('the queue', () => {
  test('Play next and Add to queue, kept with the song and its place over a reload, paused', async ({
    page,
  }) => {
    await stubYouTube(page);
    await playAll(page);
    const cards = page.getByRole('main').locator('a[href^="/song?s="]');
    const firstTitle = (await cards.nth(0).locator('h3').textContent())!;
    const thirdTitle = (await cards.nth(2).locator('h3').textContent())!;
    const fourthTitle = (await cards.nth(3).locator('h3').textContent())!;
    await expect(cards.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('main').locator('[aria-current="true"]')).toHaveCount(1);

    await page.getByRole('button', { name: `Add ${fourthTitle} to the queue` }).click();
    await page.getByRole('button', { name: `Play ${thirdTitle} next` }).click();
    await visibleButton(page, 'Queue, 2 waiting').click();
    const panel = page.getByRole('dialog', { name: 'Queue' });
    await expect(panel.getByRole('listitem')).toHaveText([
      new RegExp(thirdTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      new RegExp(fourthTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    ]);
    // Moved by keyboard: the focused button keeps its song.
    await panel.getByRole('button', { name: `Move ${fourthTitle} up` }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('listitem').first()).toContainText(fourthTitle);
    await page.keyboard.press('Escape');

    await expect.poll(() => fakePlayer(page)).toMatchObject({ state: PlayerState.PLAYING });
    await page.reload();

    // Back paused on the same song, its queue kept, and no video loaded before Play.
    await expect(playerBar(page).getByRole('link', { name: firstTitle })).toBeVisible();
    await expect(visibleButton(page, 'Play')).toBeVisible();
    expect((await fakePlayer(page)).players).toBe(0);
    await visibleButton(page, 'Queue, 2 waiting').click();
    await expect(page.getByRole('dialog', { name: 'Queue' }).getByRole('listitem')).toHaveCount(2);
    await page.keyboard.press('Escape');

    await visibleButton(page, 'Play').click();
    await expect.poll(() => fakePlayer(page)).toMatchObject({ state: PlayerState.PLAYING });
    await visibleButton(page, 'Next song').click();
    await expect(playerBar(page).getByRole('link', { name: fourthTitle })).toBeVisible();
  });
});

test.describe('the song page', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`shows title, artist and controls on the first screen at ${viewport.width} px`, async ({
      page,
    }) => {
      await stubYouTube(page);
      await page.setViewportSize(viewport);
      await page.goto(`/playlist?p=${PLAYLIST}`);
      const href = await page
        .getByRole('main')
        .locator('a[href^="/song?s="]')
        .first()
        .getAttribute('href');
      await page.goto(href!);
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toBeVisible();
      // The song plays: the bar takes the bottom of the screen.
      await expect(playerBar(page)).toBeVisible();
      const barTop = (await playerBar(page).boundingBox())!.y;
      const onFirstScreen = async (locator: ReturnType<Page['locator']>) => {
        const box = (await locator.boundingBox())!;
        return box.y + box.height <= barTop;
      };
      expect(await onFirstScreen(title)).toBe(true);
      expect(
        await onFirstScreen(page.getByRole('main').locator('a[href*="type=artist"]').first()),
      ).toBe(true);
      expect(await onFirstScreen(page.getByRole('toolbar', { name: 'Song actions' }))).toBe(true);
    });
  }

  test('with shuffle on, the Next card and Up next say the same', async ({ page }) => {
    await stubYouTube(page);
    await page.goto(`/playlist?p=${PLAYLIST}`);
    const href = await page
      .getByRole('main')
      .locator('a[href^="/song?s="]')
      .first()
      .getAttribute('href');
    await page.goto(`${href}&shuffle=true`);
    const notice = 'Shuffle is on: a random song of this playlist plays next.';
    await expect(page.getByRole('region', { name: 'Next song' })).toContainText(notice);
    await expect(page.getByRole('region', { name: 'Next song' }).getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Up next' })).toContainText(notice);
  });
});
