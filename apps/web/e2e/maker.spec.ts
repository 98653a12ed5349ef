import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AUTH_EMULATOR_HOST } from '@fansite/playwright-config';
import { expect, test } from '@playwright/test';
import {
  E2E_SUBSCRIBER_EMAIL,
  E2E_SUBSCRIBER_PASSWORD,
  verifyEmailInEmulator,
} from './support/subscriber.ts';

const run = promisify(execFile);
const emulator = `http://${AUTH_EMULATOR_HOST}`;

test.describe('song maker', () => {
  let folder: string;
  test.beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'maker-e2e-'));
  });
  test.afterAll(() => rm(folder, { recursive: true, force: true }));

  test('a subscriber previews, converts and downloads a song', async ({ page, request }) => {
    test.setTimeout(60_000);
    // The subscriber's account: new in a fresh emulator, already there on a shared one.
    const signUp = await request.post(
      `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
      { data: { email: E2E_SUBSCRIBER_EMAIL, password: E2E_SUBSCRIBER_PASSWORD } },
    );
    if (!signUp.ok()) expect(await signUp.text()).toContain('EMAIL_EXISTS');
    await verifyEmailInEmulator(request, emulator, {
      email: E2E_SUBSCRIBER_EMAIL,
      password: E2E_SUBSCRIBER_PASSWORD,
    });

    const song = path.join(folder, 'tone.flac');
    await run('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100:duration=4',
      '-ac',
      '2',
      '-metadata',
      'title=Test Tone',
      song,
    ]);

    await page.goto('/account/make');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill(E2E_SUBSCRIBER_EMAIL);
    await page.getByLabel('Password').fill(E2E_SUBSCRIBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Song Maker' })).toBeVisible();

    await expect(page.getByText('Speed: +25% (1.25× faster)')).toBeVisible();
    await page.getByLabel('Song file').setInputFiles(song);

    // The preview plays in the browser before anything is uploaded.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: 'Stop preview' })).toBeVisible();
    await expect(page.getByText('Your browser cannot preview this file')).toHaveCount(0);
    await page.getByRole('button', { name: 'Stop preview' }).click();

    await page.getByRole('button', { name: 'Convert' }).click();
    await expect(page.getByText('Your song has been converted!')).toBeVisible({ timeout: 30_000 });

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download your converted song' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe('tone (Nightcore).mp3');
    const saved = path.join(folder, 'downloaded.mp3');
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      saved,
    ]);
    expect(Number(stdout)).toBeCloseTo(4 / 1.25, 1);

    // The history downloads the same song again, for the week it is kept.
    const historyLink = page
      .getByRole('list', { name: 'Conversion history' })
      .getByRole('link', { name: 'tone (Nightcore).mp3' })
      .first();
    await expect(historyLink).toBeVisible();
    const againStarted = page.waitForEvent('download');
    await historyLink.click();
    expect((await againStarted).suggestedFilename()).toBe('tone (Nightcore).mp3');
  });
});
