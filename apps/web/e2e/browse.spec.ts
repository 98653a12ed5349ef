import { expect, test } from '@playwright/test';

/** The server's port (playwright.config.ts): 4310 moved by E2E_PORT_OFFSET. */
const PORT = 4310 + Number(process.env.E2E_PORT_OFFSET ?? 0);

// The demo catalogue is deterministic: these names and this order come from its generator.
const MOST_POPULAR = 'From Our Network';
const FIRST_BY_NAME = 'Anime Openings';
const LAST_BY_NAME = 'Sad & Emotional';

test('browse from home to a playlist', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nightcore music, all in one place' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Nightcore/);
  const homeGrid = page.getByRole('main');
  await expect(homeGrid.getByRole('link', { name: MOST_POPULAR }).first()).toBeVisible();

  await page.getByRole('link', { name: 'More music' }).click();
  await expect(page).toHaveURL(/\/playlists$/);
  const sort = page.getByLabel('Sort by');
  await expect(sort).toHaveValue('popular');
  const cardNames = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(cardNames.first()).toHaveText(MOST_POPULAR);

  await sort.selectOption({ label: 'A-Z' });
  await expect(page).toHaveURL(/sort=az/);
  await expect(cardNames.first()).toHaveText(FIRST_BY_NAME);

  await sort.selectOption({ label: 'Z-A' });
  await expect(cardNames.first()).toHaveText(LAST_BY_NAME);

  await page.getByRole('main').getByRole('link', { name: LAST_BY_NAME }).first().click();
  await expect(page).toHaveURL(/\/playlist\?p=emotional$/);
  await expect(page.getByRole('heading', { level: 1, name: LAST_BY_NAME })).toBeVisible();
  const songLinks = page.getByRole('main').locator('a[href^="/song?s="]');
  await expect(songLinks).toHaveCount(13);
  await expect(songLinks.first()).toHaveAttribute('href', /&p=emotional$/);
});

test('an unknown path and an unknown playlist show the 404 view', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/playlist?p=no-such-playlist');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('the slowed-reverb host gets its own brand', async ({ page }) => {
  await page.goto(`http://slowedreverb.localhost:${PORT}/`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Slowed and reverb songs to drift away to' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Slowed & Reverb/);
});

test('the slowed-reverb host shows its own catalogue', async ({ page }) => {
  // The start-up demo catalogue of each brand (apps/api/src/catalogue/starter.ts).
  await page.goto(`http://slowedreverb.localhost:${PORT}/`);
  const homeGrid = page.getByRole('main');
  await expect(homeGrid.getByRole('link', { name: 'NCS Chill' }).first()).toBeVisible();
  await expect(homeGrid.getByRole('link', { name: 'Slowed Classics' }).first()).toBeVisible();
  await expect(homeGrid.getByRole('link', { name: 'Nightcore Classics' })).toHaveCount(0);

  await page.goto(`http://slowedreverb.localhost:${PORT}/playlists`);
  const cardNames = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(cardNames.filter({ hasText: 'Late Night Drives' })).toHaveCount(1);
  await expect(cardNames.filter({ hasText: 'Gaming Nightcore' })).toHaveCount(0);
});

test('navbar and footer lead to the site sections', async ({ page }) => {
  await page.goto('/playlists');
  const navigation = page.getByRole('navigation').first();
  await expect(navigation.getByRole('link', { name: 'Radio' })).toHaveAttribute(
    'href',
    `http://fm.localhost:${PORT}`,
  );
  await navigation.getByRole('link', { name: 'Playlists' }).click();
  await expect(page).toHaveURL(/\/playlists$/);

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await expect(footer).toContainText(`Copyright © ${new Date().getFullYear()}`);

  await page
    .getByRole('button', { name: /search/i })
    .first()
    .click();
  const searchBox = page.getByRole('searchbox');
  await searchBox.fill('moon');
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=moon$/);
});
