import { expect, test, type Page } from '@playwright/test';
import { fakePlayer, stubYouTube } from '@fansite/playwright-config/fake-youtube';
import catalogue from './fixtures/short-songs.json' with { type: 'json' };

// The server runs this catalogue: every song lasts a few seconds, so the station moves on while
// the test watches.
const SONG_SECONDS = catalogue.songs[0]!.duration;
const titles = catalogue.songs.map((song) => song.title);

const nowPlaying = (page: Page) =>
  page.getByRole('region', { name: 'Now playing' }).getByRole('heading');

async function tuneIn(page: Page) {
  await stubYouTube(page);
  await page.goto('/');
  await expect(nowPlaying(page)).toHaveText(new RegExp(titles.join('|')));
  // The title shows with the station's answer; the player is made once its script has loaded.
  await expect.poll(async () => (await fakePlayer(page)).loads.length).toBeGreaterThan(0);
}

/** Where the page's player was told to start, as seconds since the song began on its own clock. */
async function songStartOnDeviceClock(page: Page) {
  const { loads } = await fakePlayer(page);
  const load = loads.at(-1)!;
  return { videoId: load.videoId, songStartedAt: load.at / 1000 - load.startSeconds };
}

test('two listeners hear the same song within a second of each other', async ({ browser }) => {
  // Up to 20 s of it waits for the listeners of earlier tests to be forgotten.
  test.setTimeout(60_000);
  const first = await browser.newPage();
  const second = await browser.newPage();
  await tuneIn(first);
  // The pages of the tests before this one were listeners too, counted until they have not been
  // heard from for 15 s: the first listener hears itself alone before the second tunes in.
  await expect(first.getByText(/\b1 listener\b/)).toBeVisible({ timeout: 25_000 });
  // Tuned in at different moments, they still hear the same moment of the song.
  await first.waitForTimeout(1_500);
  await tuneIn(second);

  // A page learns of the station's next song at its next poll (every 5 s), so for a moment the
  // two may name different songs: compare them once they name the same one.
  await expect
    .poll(
      async () => {
        const heardByFirst = await songStartOnDeviceClock(first);
        const heardBySecond = await songStartOnDeviceClock(second);
        if (heardBySecond.videoId !== heardByFirst.videoId) return 'different songs';
        const apart = Math.abs(heardBySecond.songStartedAt - heardByFirst.songStartedAt);
        return apart < 1 ? 'within a second' : `${apart} s apart`;
      },
      { timeout: 15_000 },
    )
    .toBe('within a second');
  await expect(second.getByText(/2 listeners/)).toBeVisible({ timeout: 10_000 });
});

test('starts muted; unmuting plays with sound and the volume slider sets the volume', async ({
  page,
}) => {
  await tuneIn(page);
  await expect.poll(async () => (await fakePlayer(page)).muted).toBe(true);
  const volume = page.getByRole('slider', { name: 'Volume' });
  await expect(volume).toHaveValue('50');

  await page.getByRole('button', { name: 'Unmute' }).click();
  await expect(page.getByRole('button', { name: 'Mute' })).toBeVisible();
  expect(await fakePlayer(page)).toMatchObject({ muted: false, state: 1 });

  await volume.fill('80');
  await expect.poll(async () => (await fakePlayer(page)).volume).toBe(80);
});

test('the station moves on to the next song when the current one ends', async ({ page }) => {
  await tuneIn(page);
  const before = await songStartOnDeviceClock(page);
  const title = await nowPlaying(page).textContent();

  // Past the song's end on the server, the player's end asks the station for the next song.
  await page.waitForTimeout(SONG_SECONDS * 1000);
  await page.evaluate(() => window.__fakeYouTube?.end());

  await expect
    .poll(async () => (await songStartOnDeviceClock(page)).videoId)
    .not.toBe(before.videoId);
  await expect(nowPlaying(page)).not.toHaveText(title!);
  await expect(page.getByRole('heading', { name: 'Last played' })).toBeVisible();
});

test('copies the radio link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await tuneIn(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied!')).toBeVisible();
  // The page's own address (its port moves with E2E_PORT_OFFSET).
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(page.url()).origin,
  );
});

test('says when YouTube cannot be reached, and plays once Retry reaches it', async ({ page }) => {
  // YouTube is out of reach: its player script never loads.
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(youtube\.com|ytimg\.com)\//, (route) =>
    route.abort('internetdisconnected'),
  );
  await page.goto('/');
  const unavailable = page.getByText('YouTube cannot be reached right now.');
  await expect(unavailable).toBeVisible();
  // The station still says what plays, and the song can be opened on YouTube itself.
  await expect(nowPlaying(page)).toHaveText(new RegExp(titles.join('|')));
  await expect(page.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube\.com\/watch\?v=/,
  );

  await page.unrouteAll();
  await stubYouTube(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(unavailable).toBeHidden();
  await expect.poll(async () => (await fakePlayer(page)).players).toBe(1);
});
