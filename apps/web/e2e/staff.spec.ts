import fs from 'node:fs';
import path from 'node:path';
import { AUTH_EMULATOR_HOST, e2eDataDir, runOperatorCommand } from '@fansite/playwright-config';
import { PlayerState, fakePlayer, stubYouTube } from '@fansite/playwright-config/fake-youtube';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { verifyEmailInEmulator } from './support/subscriber.ts';

// Each journey signs up, signs in and waits for every process to rebuild its catalogue.
test.describe.configure({ timeout: 120_000 });

const emulator = `http://${AUTH_EMULATOR_HOST}`;
// The data folder of the server the config starts (tooling/playwright): the operator command
// reaches that running server through its operator channel, and its mails land in its outbox.
const dataDir = e2eDataDir('web');
const outbox = path.join(dataDir, 'outbox');

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function createAccount(request: APIRequestContext) {
  const email = `staff-${unique()}@example.com`;
  const password = 'staff-secret';
  const response = await request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  // The team's role applies to a verified address only.
  await verifyEmailInEmulator(request, emulator, { email, password });
  return { email, password };
}

/** What an operator types: `pnpm --filter @fansite/api staff grant EMAIL`, server running. */
function grantStaff(email: string) {
  const output = runOperatorCommand('web', 'staff', ['grant', email]);
  expect(output).toContain(`${email} is now on the team.`);
}

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto('/login');
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  // The button waits for the app to take the rendered form over.
  await expect(signInButton).toBeEnabled();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await signInButton.click();
  await expect(page).toHaveURL(/\/$/);
}

/** A staff member, signed in, who opened the console from the account menu. */
async function openConsole(page: Page, request: APIRequestContext) {
  const account = await createAccount(request);
  grantStaff(account.email);
  await signIn(page, account);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/staff\/inbox$/);
  // The address changes before the console shows: until then the page before it (the home page,
  // with its "More music" link) is still there.
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
}

/** A home playlist of the demo catalogue and its songs in play order. */
async function aPlaylist(request: APIRequestContext) {
  const cards = (await (await request.get('/api/v1/playlist/all?home=true')).json()).data as {
    id: string;
  }[];
  const id = cards.at(-1)!.id;
  const detail = (await (await request.get(`/api/v1/playlist/get?p=${id}`)).json()).data as {
    category_name: string;
    songs: { youtube_url: string; title: string }[];
  };
  return { id, name: detail.category_name, songs: detail.songs };
}

test("a visitor's report reaches the inbox, and removing the song takes it off its playlist", async ({
  page,
  browser,
  request,
}) => {
  const playlist = await aPlaylist(request);
  const song = playlist.songs[1]!;

  // A visitor reports the song from its page.
  const visitor = await browser.newPage();
  await stubYouTube(visitor);
  visitor.on('dialog', (dialog) => void dialog.accept());
  await visitor.goto(`/song?s=${song.youtube_url}&p=${playlist.id}`);
  await visitor
    .getByRole('toolbar', { name: 'Song actions' })
    .getByRole('button', { name: 'Report' })
    .click();
  const dialog = visitor.getByRole('dialog', { name: 'Report this song' });
  await dialog.getByRole('textbox').fill('The audio is out of sync');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await visitor.close();

  await openConsole(page, request);
  await page.getByLabel('Kind').first().selectOption('song-report');
  const report = page
    .getByRole('article')
    .filter({ hasText: 'The audio is out of sync' })
    .filter({ hasText: song.title });
  await expect(report.getByRole('link', { name: song.title })).toBeVisible();
  await report.getByRole('button', { name: 'Remove from playlist' }).click();
  await expect(page.getByText('The song was removed from the site.')).toBeVisible();

  // Every process builds its copy again within seconds: the playlist page no longer lists it.
  await expect
    .poll(
      async () => {
        await page.goto(`/playlist?p=${playlist.id}`);
        return page.getByRole('main').locator(`a[href^="/song?s=${song.youtube_url}&"]`).count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
});

test('a song added by its YouTube link plays on the site', async ({ page, request }) => {
  const playlist = await aPlaylist(request);
  await openConsole(page, request);
  await page.getByRole('link', { name: 'Music', exact: true }).click();

  const form = page.getByRole('form', { name: 'Add a song' });
  await form.getByLabel('YouTube link').fill('https://youtu.be/fakeOembed1');
  await form.getByRole('button', { name: 'Fill from YouTube' }).click();
  // Filled from YouTube's oEmbed answer, and still editable.
  await expect(form.getByLabel('Title')).toHaveValue('Sky High (Nightcore Edit)');
  await expect(form.getByLabel('Artist')).toHaveValue('Elektronomia');
  await form.getByLabel('Title').fill('Sky High (Nightcore)');
  await form.getByLabel('Length (m:ss)').fill('3:25');
  await form.getByLabel('Playlist').selectOption(playlist.id);
  await form.getByRole('button', { name: 'Save song' }).click();
  await expect(page.getByText('Song added.')).toBeVisible();

  await stubYouTube(page);
  await expect
    .poll(
      async () => {
        await page.goto(`/song?s=fakeOembed1&p=${playlist.id}`);
        return page.getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 20_000 },
    )
    .toBe('Sky High (Nightcore)');
  await expect
    .poll(() => fakePlayer(page))
    .toMatchObject({ videoId: 'fakeOembed1', state: PlayerState.PLAYING });
});

test('a song request with "remind me" gets its mail once the team marks it done', async ({
  page,
  browser,
  request,
}) => {
  const requester = `fan-${unique()}@example.com`;
  const visitor = await browser.newPage();
  await visitor.goto('/get-in-touch?topic=request-song');
  const send = visitor.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  await visitor.getByRole('textbox', { name: 'Email' }).fill(requester);
  await visitor.getByRole('textbox', { name: 'Discord' }).fill('fan#1234');
  await visitor
    .getByRole('textbox', { name: 'YouTube URL' })
    .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await visitor.getByLabel(/remind me/i).check();
  await send.click();
  await expect(visitor.getByText('Your request has been sent successfully!')).toBeVisible();
  await visitor.close();

  await openConsole(page, request);
  await page.getByLabel('Kind').first().selectOption('request-song');
  const item = page.getByRole('article').filter({ hasText: requester });
  await expect(item.getByRole('link', { name: requester })).toHaveAttribute(
    'href',
    `mailto:${requester}`,
  );
  await item.getByLabel('State').selectOption('done');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // The outbox is sent every few seconds; with no SMTP server, as .eml files in DATA_DIR/outbox.
  await expect
    .poll(
      () =>
        (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
          .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
          .find((mail) => mail.includes(`To: ${requester}`)) ?? '',
      { timeout: 20_000 },
    )
    .toContain('Your song request is on the site: http://localhost:');
});
