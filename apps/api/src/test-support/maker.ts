import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AppOptions } from '../app.ts';
import { buildTestApp } from './app.ts';
import { makeSilentFlac, multipartWithFiles } from './audio.ts';
import type { Engine } from './database.ts';
import { createTestUser, grantSubscriber, type TestUser } from './firebase-users.ts';

export const CONVERT = '/api/v1/make/convert';
export const HISTORY = '/api/v1/make/history';
export const progressUrl = (job: string) => `/api/v1/make/progress?job=${job}`;

export const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

/**
 * A test app whose song maker works in a temporary folder (its `maker` folder unless the options
 * name another), and a subscriber to convert with; `close` removes the folder too.
 */
export async function startMakerApp(
  engine: Engine,
  folderPrefix: string,
  { maker, ...options }: Partial<AppOptions> = {},
) {
  const folder = await mkdtemp(path.join(tmpdir(), folderPrefix));
  const harness = await buildTestApp(engine, {
    ...options,
    maker: { folder: path.join(folder, 'maker'), ...maker },
  });
  const subscriber = await createTestUser();
  await grantSubscriber(harness.database, subscriber.email);
  return {
    ...harness,
    folder,
    subscriber,
    close: async () => {
      await harness.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Sends a song form to the maker as the signed-in page does (no one signed in with `null`). */
export function postSong(
  app: FastifyInstance,
  user: TestUser | null,
  form: ReturnType<typeof multipartWithFiles>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: CONVERT,
    payload: form.payload,
    headers: { ...form.headers, ...headers, ...(user ? bearer(user) : {}) },
  });
}

/** A long silent FLAC to slow down by half, under `job`: a conversion slow enough to watch. */
export async function longSongForm(folder: string, job: string, seconds = 300) {
  const content = await readFile(await makeSilentFlac(folder, seconds));
  return multipartWithFiles({ speed: '-50', job }, [
    { field: 'file', fileName: 'long.flac', content },
  ]);
}

interface Progress {
  stage: string;
  percent: number;
}

/**
 * Waits for `conversion` while reading its progress every 20 ms, as the page does: `poll` reads it
 * once. Gives the conversion's answer and every progress that answered 200 meanwhile.
 */
export async function watchConversion<Answer>(
  conversion: Promise<Answer>,
  poll: () => Promise<{ statusCode: number; json: () => { data: Progress } }>,
) {
  const seen: Progress[] = [];
  let answered = false;
  const answer = conversion.finally(() => (answered = true));
  while (!answered) {
    const progress = await poll();
    if (progress.statusCode === 200) seen.push(progress.json().data);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { answer: await answer, seen };
}

/** The progress seen shows the conversion at work: converting more than once, further each time. */
export function expectConvertingToAdvance(seen: Progress[]) {
  const converting = seen.filter((entry) => entry.stage === 'converting');
  expect(converting.length).toBeGreaterThan(1);
  expect(converting.at(-1)!.percent).toBeGreaterThan(converting[0]!.percent);
}
