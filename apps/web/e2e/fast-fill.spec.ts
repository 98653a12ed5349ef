import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { AUTH_EMULATOR_HOST, runOperatorCommand } from '@fansite/playwright-config';
import { stubYouTube } from '@fansite/playwright-config/fake-youtube';
import {
  devices,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Dialog,
  type Page,
} from '@playwright/test';
import { FAST_FILL_ANNOTATION, type FastFillResult } from './support/fast-fill-result.ts';
import { verifyEmailInEmulator } from './support/subscriber.ts';

// Every form, filled the moment its fields exist and sent at once, as a password manager or a
// paste does: the page may still be the server's HTML that the app has not taken over yet. What
// the identity service or the server then holds must be what was filled.
//
// FAST_FILL_TRIES (default 2) sets the tries per form. The suite runs the desktop profile
// (FAST_FILL_PROFILE=phone for the phone); `pnpm fast-fill` (e2e/fast-fill.config.ts) runs every
// form on both, one server and one browser for the run, and prints the tries and losses per form.

const TRIES = Number(process.env.FAST_FILL_TRIES ?? 2);

const run = promisify(execFile);
const emulator = `http://${AUTH_EMULATOR_HOST}`;
const PROJECT_ID = 'demo-fansite';
const PLAYLIST = 'emotional';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
const newEmail = () => `fast-${unique()}@example.com`;

type Profile = 'desktop' | 'phone';

/** The measure's projects are named after their profile; the suite's one project reads the env. */
function currentProfile(): Profile {
  const project = test.info().project.name;
  if (project === 'desktop' || project === 'phone') return project;
  return process.env.FAST_FILL_PROFILE === 'phone' ? 'phone' : 'desktop';
}

const { defaultBrowserType: _desktop, ...desktop } = devices['Desktop Chrome'];
const { defaultBrowserType: _phone, ...pixel } = devices['Pixel 7'];
/** A phone 390 px wide (touch, a phone's user agent); its CPU is slowed 4x in each try. */
const phone = {
  ...pixel,
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
};
const PHONE_CPU_SLOWDOWN = 4;

/** Opens `url` and returns as soon as the server's first bytes are there, before any script ran. */
async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'commit' });
}

/**
 * Signs in through the identity service's REST API: true when email and password match. A
 * connection the loaded service dropped is a no, which the polls that call this ask again: the
 * measure's own call failing says nothing about what the page sent.
 */
async function passwordWorks(request: APIRequestContext, email: string, password: string) {
  const response = await request
    .post(
      `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      { data: { email, password, returnSecureToken: true } },
    )
    .catch(() => null);
  return response?.ok() ?? false;
}

async function createAccount(request: APIRequestContext, password = 'first-secret') {
  const email = newEmail();
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  return { email, password };
}

/** The reset codes the emulator "emailed" to `email` (none when the call failed: ask again). */
async function resetCodesFor(request: APIRequestContext, email: string): Promise<string[]> {
  const response = await request
    .get(`${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
    .catch(() => null);
  if (!response?.ok()) return [];
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes
    .filter((sent) => sent.email === email && sent.requestType === 'PASSWORD_RESET')
    .map((sent) => sent.oobCode);
}

async function sendResetCode(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`,
    { data: { requestType: 'PASSWORD_RESET', email } },
  );
  expect(response.ok()).toBe(true);
  let codes: string[] = [];
  await expect
    .poll(async () => (codes = await resetCodesFor(request, email)).length)
    .toBeGreaterThan(0);
  return codes.at(-1)!;
}

/** The sign-in form, filled and sent the moment it shows. */
async function fastSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The account menu a signed-in person has; folded away behind Menu on a phone. */
const signedInMenu = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Account', includeHidden: true });

/** Makes a subscriber through the operator command, as subscribers.spec.ts does. */
async function createSubscriber(request: APIRequestContext) {
  const account = await createAccount(request, 'subscriber-secret');
  // Grants by email apply to verified addresses only.
  await verifyEmailInEmulator(request, emulator, account);
  const output = runOperatorCommand('web', 'subscriber', ['grant', account.email]);
  expect(output).toContain(`${account.email} is now a subscriber.`);
  return account;
}

/** What a signed-in visitor's browser keeps: the identity service's session lives in IndexedDB. */
type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** How long a try waits for what it sent to arrive: the machine may be loaded. */
const ARRIVAL_TIMEOUT = 30_000;

/** The request the page sends to our API's `endpoint` (`/contact/request`), once it is sent. */
const requestTo = (page: Page, endpoint: string) =>
  page.waitForRequest((sent) => new URL(sent.url()).pathname === `/api/v1${endpoint}`, {
    timeout: ARRIVAL_TIMEOUT,
  });

/** An error's message without the terminal's colours, on one line, without Playwright's call log. */
const describeFailure = (error: unknown) =>
  stripVTControlCharacters(String(error)).split('Call log:')[0]!.replace(/\s+/g, ' ').trim();

/**
 * What the page showed when a try lost input: its path, each field's name and how many
 * characters it held (never the value: passwords), and its alerts and status lines. Empty when the
 * page no longer answers.
 */
async function pageAtFailure(page: Page): Promise<string> {
  const shown = page.evaluate(() => {
    const fields = [...document.querySelectorAll<HTMLInputElement>('input, textarea')]
      .filter((field) => field.type !== 'hidden' && field.type !== 'file')
      .map((field) => `${field.name || field.type}=${field.value.length} chars`);
    const notices = [...document.querySelectorAll('[role="alert"], [role="status"]')]
      .map((notice) => notice.textContent?.trim())
      .filter(Boolean);
    return `page ${location.pathname}; fields ${fields.join(', ')}; notices ${notices.join(' / ')}`;
  });
  const gaveUp = new Promise<string>((resolve) => setTimeout(() => resolve(''), 5_000));
  return Promise.race([shown.catch(() => ''), gaveUp]);
}

/**
 * Runs `attempt` TRIES times, each in a new browser context (a new visitor, nothing cached;
 * signed in when `signedIn` is given), on the project's profile, and fails with the tries that
 * went wrong, so a measurement run counts every one instead of stopping at the first. A try calls
 * `arrived()` once the server or the identity service holds what was filled: a try failing before
 * lost input; one failing after had what it sent refused or answered late (a loaded machine's
 * "server busy", say), which is counted apart. The counts go to the report as a `fast-fill`
 * annotation (e2e/support/fast-fill-report.ts).
 */
async function everyTry(
  browser: Browser,
  attempt: (page: Page, arrived: () => void, tryNumber: number) => Promise<void>,
  { secondsPerTry = 30, signedIn }: { secondsPerTry?: number; signedIn?: SignedInState } = {},
) {
  const profile = currentProfile();
  const onPhone = profile === 'phone';
  // Whatever the test prepared before its tries keeps the time it already had.
  test.setTimeout(test.info().timeout + TRIES * secondsPerTry * (onPhone ? 2 : 1) * 1000);
  const lost: string[] = [];
  const unfinished: string[] = [];
  for (let tryNumber = 1; tryNumber <= TRIES; tryNumber++) {
    let context: BrowserContext | undefined;
    let opened = false;
    let hasArrived = false;
    try {
      context = await browser.newContext({
        ...(onPhone ? phone : desktop),
        baseURL: test.info().project.use.baseURL,
        storageState: signedIn,
      });
      const page = await context.newPage();
      await stubYouTube(page);
      if (onPhone) {
        const devtools = await context.newCDPSession(page);
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
      }
      try {
        await attempt(page, () => (hasArrived = true), tryNumber);
      } catch (error) {
        // Until the try opens its page, it prepares (an account, a reset code): nothing is typed.
        opened = page.url() !== 'about:blank';
        throw new Error(`${describeFailure(error)} (${await pageAtFailure(page)})`, {
          cause: error,
        });
      }
    } catch (error) {
      // The message names the step and the locator or the body that missed what was filled. A
      // try that failed before its page opened had nothing typed in it: not a loss.
      const failure = `try ${tryNumber}: ${opened ? '' : 'before the page opened: '}${describeFailure(error)}`;
      const wasLost = opened && !hasArrived;
      (wasLost ? lost : unfinished).push(failure);
      console.error(
        `${test.info().title} (${profile}) ${wasLost ? 'lost' : 'not completed'}, ${failure}`,
      );
    } finally {
      // Closing can fail on a loaded machine too; the next try opens a context of its own.
      await context?.close().catch(() => {});
    }
    // A long run shows where it is, and what it has counted so far if it must be cut short.
    if (tryNumber % 10 === 0 || tryNumber === TRIES)
      console.error(
        `${test.info().title} (${profile}): ${tryNumber} tries, ${lost.length} lost, ${unfinished.length} not completed`,
      );
  }
  const result: FastFillResult = {
    form: test.info().title,
    profile,
    tries: TRIES,
    lost,
    unfinished,
  };
  test.info().annotations.push({ type: FAST_FILL_ANNOTATION, description: JSON.stringify(result) });
  expect(lost, 'tries that lost what was filled').toEqual([]);
  expect(unfinished, 'tries that did not complete').toEqual([]);
}

/** A subscriber signed in once, whose browser state each try's new context starts from. */
async function signedInSubscriber(browser: Browser, request: APIRequestContext) {
  const { email, password } = await createSubscriber(request);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Faccount%2Fpromotion');
    await fastSignIn(page, email, password);
    await expect(page).toHaveURL(/\/account\/promotion$/);
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

test.describe('forms filled and sent the moment they show', () => {
  test('sign up', async ({ browser, request }) => {
    await everyTry(browser, async (page, arrived) => {
      const email = newEmail();
      await open(page, '/signup');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('fast-secret');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect
        .poll(() => passwordWorks(request, email, 'fast-secret'), { timeout: ARRIVAL_TIMEOUT })
        .toBe(true);
      arrived();
      await expect(page).toHaveURL(/\/login\?success=/);
    });
  });

  test('sign in', async ({ browser, request }) => {
    await everyTry(browser, async (page, arrived) => {
      const { email, password } = await createAccount(request);
      await open(page, '/login');
      await fastSignIn(page, email, password);
      await expect(signedInMenu(page)).toBeAttached({ timeout: ARRIVAL_TIMEOUT });
      arrived();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test('forgot password', async ({ browser, request }) => {
    await everyTry(browser, async (page, arrived) => {
      const { email } = await createAccount(request);
      await open(page, '/forgot-password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect
        .poll(() => resetCodesFor(request, email), { timeout: ARRIVAL_TIMEOUT })
        .toHaveLength(1);
      arrived();
      await expect(page.getByRole('status')).toContainText('Check your email');
    });
  });

  test('reset password', async ({ browser, request }) => {
    await everyTry(browser, async (page, arrived) => {
      const { email } = await createAccount(request);
      const code = await sendResetCode(request, email);
      await open(page, `/reset-password?oobCode=${encodeURIComponent(code)}`);
      await page.getByLabel('New password', { exact: true }).fill('reset-secret');
      await page.getByLabel('Confirm new password').fill('reset-secret');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect
        .poll(() => passwordWorks(request, email, 'reset-secret'), { timeout: ARRIVAL_TIMEOUT })
        .toBe(true);
      arrived();
      await expect(page).toHaveURL(/\/login\?success=/);
    });
  });

  test('change password', async ({ browser, request }) => {
    await everyTry(browser, async (page, arrived) => {
      const { email, password } = await createAccount(request);
      await open(page, '/login?redirect=%2Faccount%2Fchange-password');
      await fastSignIn(page, email, password);
      await expect(page).toHaveURL(/\/account\/change-password$/, { timeout: ARRIVAL_TIMEOUT });
      await page.getByLabel('Current password').fill(password);
      await page.getByLabel('New password', { exact: true }).fill('changed-secret');
      await page.getByLabel('Confirm new password').fill('changed-secret');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect
        .poll(() => passwordWorks(request, email, 'changed-secret'), { timeout: ARRIVAL_TIMEOUT })
        .toBe(true);
      arrived();
      // The Discord section on the same page has a status line of its own.
      await expect(
        page.getByRole('status').filter({ hasText: 'Password updated successfully.' }),
      ).toBeVisible();
    });
  });

  test('get in touch', async ({ browser }) => {
    await everyTry(browser, async (page, arrived) => {
      const email = newEmail();
      const sent = requestTo(page, '/contact/request');
      await open(page, '/get-in-touch?topic=bug-report');
      const form = page.getByRole('form', { name: 'Get in touch' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Discord').fill('fast#1234');
      await form.getByLabel('YouTube URL').fill('https://www.youtube.com/@fast');
      await form.getByLabel('Message').fill('Filled the moment the form showed.');
      await form.getByRole('button', { name: 'Send' }).click();
      const body = (await sent).postData() ?? '';
      expect(body).toContain(email);
      expect(body).toContain('fast#1234');
      expect(body).toContain('https://www.youtube.com/@fast');
      expect(body).toContain('Filled the moment the form showed.');
      arrived();
      await expect(page.getByText('Your request has been sent successfully!')).toBeVisible();
    });
  });

  test('song report', async ({ browser, request }) => {
    const playlist = await request.get(`/api/v1/playlist/get?p=${PLAYLIST}`);
    const { data } = (await playlist.json()) as { data: { songs: { youtube_url: string }[] } };
    const songId = data.songs[0]!.youtube_url;
    await everyTry(browser, async (page, arrived, tryNumber) => {
      const reason = `Wrong title, try ${tryNumber} ${unique()}`;
      const alerts: string[] = [];
      page.on('dialog', (dialog: Dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      const sent = requestTo(page, '/contact/request');
      await open(page, `/song?s=${songId}&p=${PLAYLIST}`);
      await page
        .getByRole('toolbar', { name: 'Song actions' })
        .getByRole('button', { name: 'Report' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Report this song' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      expect((await sent).postData() ?? '').toContain(`${songId}: ${reason}`);
      arrived();
      await expect.poll(() => alerts).toEqual(['Song reported successfully!']);
    });
  });

  test('navbar search box', async ({ browser }) => {
    await everyTry(browser, async (page, arrived, tryNumber) => {
      const text = `night ${tryNumber}`;
      await open(page, '/playlists');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Search' })
        .click();
      const box = page.getByRole('searchbox', { name: 'Search songs' });
      await box.fill(text);
      await box.press('Enter');
      // The search page reads its words from the address.
      await expect(page).toHaveURL(`/search?q=${encodeURIComponent(text).replace(/%20/g, '+')}`, {
        timeout: ARRIVAL_TIMEOUT,
      });
      arrived();
    });
  });

  test.describe('subscriber pages', () => {
    let folder: string;
    test.beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'fast-fill-'));
    });
    test.afterAll(() => rm(folder, { recursive: true, force: true }));

    // A site is activated once per person: each try is a new subscriber, signing in as fast.
    test('website', async ({ browser, request }) => {
      await everyTry(
        browser,
        async (page, arrived) => {
          const { email, password } = await createSubscriber(request);
          const siteName = `fast${unique()}`.slice(0, 20);
          const activated = requestTo(page, '/website/activate');
          await open(page, '/login?redirect=%2Faccount%2Fwebsite');
          await fastSignIn(page, email, password);

          const activation = page.getByRole('form', { name: 'Activate your website' });
          await activation.getByLabel('Domain name').fill(siteName);
          await activation.getByRole('button', { name: 'Activate' }).click();
          expect((await activated).url()).toContain(`domain_name=${siteName}`);
          await expect(page.getByText('Your site has been activated!')).toBeVisible();

          const saved = requestTo(page, '/website/save');
          const editor = page.getByRole('form', { name: 'Edit your website' });
          await editor.getByLabel('Name', { exact: true }).fill('Filled at once');
          await editor
            .getByLabel('YouTube link', { exact: true })
            .fill('https://youtube.com/@corner');
          await editor.getByRole('button', { name: 'Save' }).click();
          const body = (await saved).postData() ?? '';
          expect(body).toContain('Filled at once');
          expect(body).toContain('https://youtube.com/@corner');
          arrived();
          await expect(page.getByText('Your website has been updated!')).toBeVisible();
        },
        { secondsPerTry: 60 },
      );
    });

    test('promotion', async ({ browser, request }) => {
      const signedIn = await signedInSubscriber(browser, request);
      await everyTry(
        browser,
        async (page, arrived, tryNumber) => {
          const channel = `https://youtube.com/@corner${tryNumber}`;
          const saved = requestTo(page, '/promotion/save');
          await open(page, '/account/promotion');
          const promotion = page.getByRole('form', { name: 'Channel promotion' });
          await promotion.getByLabel('YouTube channel link').fill(channel);
          await promotion.getByLabel('YouTube share link').fill('https://youtu.be/W_S7iKZZdHw');
          await promotion.getByRole('button', { name: 'Save' }).click();
          const body = (await saved).postData() ?? '';
          expect(body).toContain(channel);
          expect(body).toContain('https://youtu.be/W_S7iKZZdHw');
          arrived();
          await expect(page.getByText('Your channel promotion has been saved!')).toBeVisible();
        },
        { signedIn },
      );
    });

    test('artwork', async ({ browser, request }) => {
      const signedIn = await signedInSubscriber(browser, request);
      await everyTry(
        browser,
        async (page, arrived, tryNumber) => {
          const message = `A banner in blue, filled at once, try ${tryNumber}.`;
          const ticket = page.waitForRequest(
            (sent) => sent.url().includes('/api/v1/') && sent.method() === 'POST',
            { timeout: ARRIVAL_TIMEOUT },
          );
          await open(page, '/account/artwork');
          const artwork = page.getByRole('form', { name: 'Artwork request' });
          await artwork.getByLabel('Message').fill(message);
          await artwork.getByRole('button', { name: 'Open a ticket' }).click();
          expect((await ticket).postData() ?? '').toContain(message);
          arrived();
          await expect(page.getByText('Your request has been sent successfully!')).toBeVisible();
        },
        { signedIn },
      );
    });

    test('song maker', async ({ browser, request }) => {
      const song = path.join(folder, 'tone.flac');
      await run('ffmpeg', [
        ...['-hide_banner', '-v', 'error', '-f', 'lavfi'],
        ...['-i', 'sine=frequency=440:sample_rate=44100:duration=2', '-ac', '2', song],
      ]);
      const signedIn = await signedInSubscriber(browser, request);
      await everyTry(
        browser,
        async (page, arrived) => {
          const converted = requestTo(page, '/make/convert');
          await open(page, '/account/make');
          await page.getByLabel('Song file').setInputFiles(song);
          await page.getByRole('button', { name: 'Convert' }).click();
          expect((await converted).postDataBuffer()?.includes('tone.flac')).toBe(true);
          arrived();
          await expect(page.getByText('Your song has been converted!')).toBeVisible({
            timeout: 30_000,
          });
          await expect(
            page.getByRole('link', { name: 'Download your converted song' }),
          ).toHaveAttribute('href', /make\/download\?key=/);
        },
        { secondsPerTry: 60, signedIn },
      );
    });
  });
});
