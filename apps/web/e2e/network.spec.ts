import { expect, test, type Page } from '@playwright/test';

// The demo network is deterministic (apps/api/src/network/demo.ts): 24 members, "Neon Beats" joined
// first and "Aurora Dreams" last, and these sums of their subscribers and views.
const DEMO_STATS = { members: '24', subscribers: '2,214,444', views: '342,780,492' };
const FIRST_MEMBER = 'Neon Beats';
const SECOND_MEMBER = 'Crystal Beats';
const LAST_MEMBER = 'Aurora Dreams';

/** Opens a page of the network as a visitor does: they act once they see its heading. */
async function open(page: Page, path: '/network' | '/members') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the network page shows the live stats of the demo network', async ({ page }) => {
  await open(page, '/network');
  const stats = page.getByLabel('Network stats');
  await expect(stats).toContainText(`Members${DEMO_STATS.members}`);
  await expect(stats).toContainText(`Subscribers${DEMO_STATS.subscribers}`);
  await expect(stats).toContainText(`Views${DEMO_STATS.views}`);
});

test('the member carousel plays by itself and pauses under the pointer', async ({ page }) => {
  await open(page, '/network');
  const track = page.getByRole('list', { name: 'Network members' });
  await expect(track.getByRole('listitem')).toHaveCount(24);
  const scrollLeft = () => track.evaluate((element) => element.scrollLeft);
  await expect.poll(scrollLeft, { timeout: 6_000 }).toBeGreaterThan(0);

  await track.hover();
  await page.waitForTimeout(500);
  const pausedAt = await scrollLeft();
  await page.waitForTimeout(2_500);
  expect(await scrollLeft()).toBe(pausedAt);
});

test('the member dialog cycles through every member and closes', async ({ page }) => {
  // No autoplay under reduced motion: the avatars stay where the test clicks.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/network');
  const carousel = page.getByRole('list', { name: 'Network members' });
  await carousel.getByRole('button', { name: FIRST_MEMBER }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(FIRST_MEMBER);
  await expect(dialog.getByRole('link', { name: 'Visit channel' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.youtube\.com\/channel\/UC/,
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toHaveAccessibleName(SECOND_MEMBER);
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(dialog).toHaveAccessibleName(LAST_MEMBER);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await carousel.getByRole('button', { name: FIRST_MEMBER }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, page.viewportSize()!.height - 5);
  await expect(dialog).toBeHidden();
});

test('the network page leads to applying, the members, and the supporters sites', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/network');
  const supporters = page.getByRole('list', { name: 'Supporters' });
  // The demo's four activated sites (earlier tests may have activated more); never the draft.
  for (const name of ['Alice Sings', 'Beats by Ben', 'Bob Slowed', 'Cloud Nine']) {
    await expect(supporters.getByRole('link', { name: new RegExp(name) })).toHaveCount(1);
  }
  await expect(supporters.getByRole('link', { name: /Draft Site/ })).toHaveCount(0);
  await expect(supporters.getByRole('link', { name: /Alice Sings/ })).toHaveAttribute(
    'href',
    // The page's own port (it moves with E2E_PORT_OFFSET).
    `http://alice.localhost:${new URL(page.url()).port}`,
  );
  await expect(page.getByRole('link', { name: 'Apply to the Academy' })).toHaveAttribute(
    'href',
    '/get-in-touch?topic=apply-academy',
  );
  await expect(page.getByRole('list', { name: 'Testimonials' }).getByRole('link')).toHaveCount(5);

  await page.getByRole('link', { name: 'Apply now' }).first().click();
  await expect(page).toHaveURL(/\/get-in-touch\?topic=apply-member$/);
  await expect(page.getByLabel('Topic')).toHaveValue('apply-member');

  await open(page, '/network');
  await page.getByRole('link', { name: 'See all members' }).click();
  await expect(page).toHaveURL(/\/members$/);
});

test('the members page shows every member with the same dialog', async ({ page }) => {
  await open(page, '/members');
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('button')).toHaveCount(24);

  await members.getByRole('button', { name: LAST_MEMBER }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(LAST_MEMBER);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toHaveAccessibleName(FIRST_MEMBER);
  await page.keyboard.press('Escape');

  await expect(page.getByRole('link', { name: 'Apply now' })).toHaveAttribute(
    'href',
    '/get-in-touch?topic=apply-member',
  );
});
