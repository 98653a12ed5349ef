import { expect, test, type Page } from '@playwright/test';

// Each page is driven as soon as the visitor sees what they act on (a heading, a button enabled):
// what they do before the app has taken the rendered page over is kept and handed to the app
// (@fansite/ssr's takeOver). A send button is disabled in the server's HTML until then.

/** The server's port (playwright.config.ts): 4310 moved by E2E_PORT_OFFSET. */
const PORT = 4310 + Number(process.env.E2E_PORT_OFFSET ?? 0);

test.describe('FAQ', () => {
  test('nightcore: sections, one answer open at a time, structured data', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 2, name: 'General' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Network' })).toBeVisible();

    await page.getByRole('button', { name: 'What is nightcore?' }).click();
    const answer = page.getByRole('region', { name: 'What is nightcore?' });
    await expect(answer).toContainText('20-35%');
    await expect(answer).toContainText('140-160 bpm');

    await page.getByRole('button', { name: 'What is the Academy?' }).click();
    await expect(page.getByRole('region', { name: 'What is the Academy?' })).toBeVisible();
    await expect(answer).toBeHidden();

    const structuredData = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(structuredData['@type']).toBe('FAQPage');
    expect(structuredData.mainEntity[0].name).toBe('What is nightcore?');

    await page.getByRole('link', { name: 'Get in touch' }).click();
    await expect(page).toHaveURL(/\/get-in-touch$/);
  });

  test('slowed-reverb has its own text', async ({ page }) => {
    await page.goto(`http://slowedreverb.localhost:${PORT}/faq`);
    await page.getByRole('button', { name: 'What is slowed and reverb?' }).click();
    await expect(page.getByRole('region', { name: 'What is slowed and reverb?' })).toContainText(
      'slows a song down and adds reverb',
    );
    await expect(page.getByRole('button', { name: 'What is nightcore?' })).toHaveCount(0);
  });
});

test.describe('get in touch', () => {
  const form = (page: Page) => page.getByRole('form', { name: 'Get in touch' });

  async function fillValid(page: Page) {
    await form(page).getByLabel('Email').fill('fan@example.com');
    await form(page).getByLabel('Discord').fill('fan#1234');
    await form(page).getByLabel('YouTube URL').fill('https://www.youtube.com/@fan');
  }

  test('sends a message', async ({ page }) => {
    await page.goto('/get-in-touch?topic=business-inquiry');
    await expect(form(page).getByRole('button', { name: 'Send' })).toBeEnabled();
    await expect(form(page).getByLabel('Topic')).toHaveValue('business-inquiry');
    await fillValid(page);
    await form(page).getByLabel('Message').fill('We would like to work with you.');
    await form(page).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Your request has been sent successfully!')).toBeVisible();
  });

  test('requests a song with the remind-me box', async ({ page }) => {
    await page.goto('/get-in-touch?topic=request-song');
    await expect(form(page).getByRole('button', { name: 'Send' })).toBeEnabled();
    await expect(form(page).getByLabel('Message')).toHaveCount(0);
    await fillValid(page);
    await form(page).getByRole('button', { name: 'Send' }).click();
    await expect(
      form(page).getByText('Please tick the remind-me box to request a song.'),
    ).toBeVisible();

    await form(page).getByLabel('Remind me when the song is uploaded').check();
    await form(page).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Your request has been sent successfully!')).toBeVisible();
  });

  test('shows each rule broken, and sends nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/contact/request')) sent.push(request.url());
    });
    await page.goto('/get-in-touch?topic=other');
    await expect(form(page).getByRole('button', { name: 'Send' })).toBeEnabled();
    await form(page).getByRole('button', { name: 'Send' }).click();
    await expect(form(page).getByLabel('Email')).toHaveAccessibleDescription(
      'An email address is required.',
    );
    await expect(form(page).getByLabel('Discord')).toHaveAccessibleDescription(
      'Please enter your Discord name.',
    );
    await expect(form(page).getByLabel('YouTube URL')).toHaveAccessibleDescription(
      'Enter a full link, starting with https://.',
    );
    await expect(form(page).getByLabel('Message')).toHaveAccessibleDescription(
      'Please enter a message.',
    );

    await form(page).getByLabel('Email').fill('not-an-email');
    await form(page).getByRole('button', { name: 'Send' }).click();
    await expect(form(page).getByLabel('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com.',
    );
    expect(sent).toEqual([]);
  });
});

test("the feed shows its news, and an update's script never runs", async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // An item whose HTML tries to run script two ways, added to the server's news on its way.
  const unsafeItem = {
    image: 'https://picsum.photos/seed/feed-safety/640/360',
    title: 'Formatting test post',
    content:
      '<p>This post keeps its <strong>formatting</strong>.</p><script>window.__feedScriptRan = true;</script><img src="x" onerror="window.__feedScriptRan = true">',
    url: 'https://example.com/news/formatting-test',
  };
  // The news page arrives rendered by the server; the item is added to the call the app makes
  // when it opens the page itself, after a history move (no link on the site leads there).
  await page.goto('/faq', { waitUntil: 'networkidle' });
  await page.route('**/api/v1/feed/get', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: unknown[] };
    await route.fulfill({ response, json: { ...body, data: [unsafeItem, ...body.data] } });
  });
  // The router hears the move only once the app has taken the page over, which a quiet network
  // does not promise on a busy machine: the move is made again until the news page shows.
  await expect(async () => {
    await page.evaluate(() => {
      window.history.pushState(window.history.state, '', '/latest');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Latest' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  const post = page.getByRole('article').filter({ hasText: 'Formatting test post' });
  await expect(post.getByText('formatting', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expect(post.getByRole('link', { name: 'Read more' })).toHaveAttribute(
    'href',
    'https://example.com/news/formatting-test',
  );
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(post.locator('script, [onerror]')).toHaveCount(0);
  // Give a broken image's error handler time to fire, had it survived.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => '__feedScriptRan' in window)).toBe(false);
  expect(dialogs).toEqual([]);
});

test('the privacy policy and the what-is page', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('one month to respond');
  await expect(page.getByRole('main')).toContainText('under the age of 13');

  await page.goto('/');
  await page.getByRole('link', { name: 'What is Nightcore?' }).first().click();
  await expect(page).toHaveURL(/\/what-is-nightcore$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What is Nightcore?' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'What is Nightcore?' })).toBeVisible();
});

test('the home page loads the community chat only once it is scrolled to', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const widget = page.locator('iframe[title="Community chat"]');
  await expect(page.getByRole('heading', { level: 2, name: 'Community chat' })).toBeAttached();
  await expect(widget).toHaveCount(0);
  await page.getByRole('heading', { level: 2, name: 'Community chat' }).scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('src', /^https:\/\/discord\.com\/widget\?id=/);
});
