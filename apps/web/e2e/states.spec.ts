import { expect, test } from '@playwright/test';

test('a playlist whose first call fails says so, and Retry shows its songs', async ({ page }) => {
  // The page arrives rendered by the server, so the call that can fail is the browser's own:
  // opening the playlist from the Playlists page after the app has taken over.
  await page.goto('/playlists', { waitUntil: 'networkidle' });
  let failed = false;
  await page.route('**/api/v1/playlist/get?*', async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.fulfill({
      status: 500,
      json: { code: 500, message: 'An unexpected error occurred', data: null },
    });
  });

  await page
    .getByRole('link', { name: /Sad & Emotional/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/playlist\?p=emotional/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'An unexpected error occurred' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sad & Emotional' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Songs' }).getByRole('link').first()).toBeVisible();
});

test('search says how many songs match and loads more as the list scrolls', async ({ page }) => {
  await page.goto('/search?q=nightcore');
  // The rendered page lists its first rows only; the list takes its whole height with the app.
  await page.waitForLoadState('networkidle');
  const count = page.getByRole('status').filter({ hasText: /^[\d,]+ songs$/ });
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(50);

  const results = page.getByRole('list', { name: 'Search results' });
  const rows = results.getByRole('listitem');
  // Only the rows on screen are in the page, each telling the list's whole size.
  expect(await rows.count()).toBeLessThan(40);
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(total));

  const secondPage = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v1/song/searchpage?') && request.url().includes('offset=50'),
  );
  // Scroll down to the 50th row, the last of the first page.
  await rows.first().evaluate((row) => {
    const list = row.closest('[role="list"]')!;
    const top = list.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top + (list.scrollHeight * 49) / Number(row.getAttribute('aria-setsize')));
  });
  await secondPage;
  // The rows past the first page come into the list as the visitor reaches them.
  const lastShown = () =>
    rows.evaluateAll((items) =>
      Math.max(...items.map((item) => Number(item.getAttribute('aria-posinset')))),
    );
  await expect.poll(lastShown).toBeGreaterThan(50);
});
