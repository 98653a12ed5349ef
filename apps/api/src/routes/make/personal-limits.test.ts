import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { makeTone, multipartWithFiles } from '../../test-support/audio.ts';
import { testEngines } from '../../test-support/database.ts';
import {
  createTestUser,
  grantSubscriber,
  testAuthOptions,
  type TestUser,
} from '../../test-support/firebase-users.ts';

const CONVERT = '/api/v1/make/convert';
const DAILY_LIMIT = 2;

describe.each(testEngines())('song maker limits per person on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  /** A second server on the same database, as when the site runs several processes. */
  let otherProcess: Awaited<ReturnType<typeof buildApp>>;
  let folder: string;
  let form: ReturnType<typeof multipartWithFiles>;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'maker-personal-'));
    const maker = (name: string) => ({
      folder: path.join(folder, name),
      limits: { dailyPerPerson: DAILY_LIMIT, atOncePerPerson: 1 },
    });
    harness = await buildTestApp(engine, { maker: maker('first') });
    otherProcess = await buildApp({
      database: harness.database,
      siteFolders: { main: '/nonexistent', fm: '/nonexistent', subscriber: '/nonexistent' },
      auth: testAuthOptions(),
      maker: maker('second'),
    });
    const tone = await readFile(await makeTone(folder, 'flac'));
    form = multipartWithFiles({ speed: '25' }, [
      { field: 'file', fileName: 'tone.flac', content: tone },
    ]);
  }, 60_000);
  afterAll(async () => {
    await otherProcess.close();
    await harness.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function subscriber() {
    const user = await createTestUser();
    await grantSubscriber(harness.database, user.email);
    return user;
  }

  const convertOn = async (app: typeof otherProcess, user: TestUser) =>
    (
      await app.inject({
        method: 'POST',
        url: CONVERT,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${user.idToken}` },
      })
    ).json() as { code: number; message: string; data: unknown };

  it('counts a person’s songs of the last 24 hours, made by any process', async () => {
    const person = await subscriber();
    expect((await convertOn(harness.app, person)).code).toBe(200);
    expect((await convertOn(otherProcess, person)).code).toBe(200);
    for (const app of [harness.app, otherProcess]) {
      expect(await convertOn(app, person)).toEqual({
        code: 429,
        message:
          'You have made 2 songs in the last 24 hours, the most the song maker makes for one ' +
          'person in a day. Please try again in 24 hours.',
        data: null,
      });
    }
    // Someone else is not held back by it.
    expect((await convertOn(harness.app, await subscriber())).code).toBe(200);
    // A song made more than a day ago no longer counts.
    await harness.database.db.execute(
      sql`UPDATE conversions SET created_at = now() - interval '25 hours'
          WHERE id = (SELECT min(id) FROM conversions WHERE user_uid = ${person.uid})`,
    );
    expect((await convertOn(otherProcess, person)).code).toBe(200);
  });

  it('lets a person have one conversion under way at a time', async () => {
    const person = await subscriber();
    // An upload still arriving is under way.
    const slowUpload = new PassThrough();
    const first = harness.app.inject({
      method: 'POST',
      url: CONVERT,
      payload: slowUpload,
      headers: { ...form.headers, authorization: `Bearer ${person.idToken}` },
    });
    slowUpload.write(form.payload.subarray(0, 1000));
    await expect.poll(() => readdir(path.join(folder, 'first', 'work'))).toHaveLength(1);
    expect(await convertOn(harness.app, person)).toEqual({
      code: 429,
      message:
        'You are already converting a song. Please wait for it to finish, then start the next.',
      data: null,
    });
    // Someone else converts meanwhile.
    expect((await convertOn(harness.app, await subscriber())).code).toBe(200);
    slowUpload.end(form.payload.subarray(1000));
    expect((await first).statusCode).toBe(200);
    expect((await convertOn(harness.app, person)).code).toBe(200);
  });
});
