import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { buildTestApp } from '../../test-support/app.ts';
import { openTestDatabase, testEngines } from '../../test-support/database.ts';
import type { TestUser } from '../../test-support/firebase-users.ts';
import {
  bearer,
  CONVERT,
  expectConvertingToAdvance,
  HISTORY,
  longSongForm,
  postSong,
  progressUrl,
  startMakerApp,
  watchConversion,
} from '../../test-support/maker.ts';

describe.skipIf(!testEngines().includes('postgres'))(
  'two processes on one PostgreSQL share the song maker',
  () => {
    let first: Awaited<ReturnType<typeof startMakerApp>>;
    let second: Awaited<ReturnType<typeof buildTestApp>>;
    let folder: string;
    let subscriber: TestUser;

    beforeAll(async () => {
      const database = await openTestDatabase('postgres');
      // Each with its own pool and its own work folder, as two machines would have.
      first = await startMakerApp('postgres', 'maker-shared-', { database });
      ({ folder, subscriber } = first);
      second = await buildTestApp('postgres', {
        database: await openDatabase({ url: database.url }),
        maker: { folder: path.join(folder, 'second') },
      });
    }, 60_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('converts through one, shows progress and downloads through the other', async () => {
      const job = 'job-shared-0123';
      const form = await longSongForm(folder, job);
      const { answer: converted, seen: seenElsewhere } = await watchConversion(
        postSong(first.app, subscriber, form),
        async () => {
          const answer = await second.app.inject({
            method: 'GET',
            url: progressUrl(job),
            headers: bearer(subscriber),
          });
          if (answer.statusCode !== 200) expect(answer.statusCode).toBe(404);
          return answer;
        },
      );
      expect(converted.json()).toMatchObject({
        code: 200,
        message: 'Your song has been converted!',
      });
      expectConvertingToAdvance(seenElsewhere);

      const link = converted.json().data as string;
      const [fromSecond, fromFirst] = await Promise.all(
        [second, first].map(({ app }) => app.inject({ method: 'GET', url: link })),
      );
      expect(fromSecond!.statusCode).toBe(200);
      expect(fromSecond!.headers['content-type']).toBe('audio/mpeg');
      expect(fromSecond!.rawPayload.equals(fromFirst!.rawPayload)).toBe(true);
      const history = (
        await second.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) })
      ).json().data as { file_size: number; download_link: string }[];
      expect(history[0]).toMatchObject({
        download_link: link,
        file_size: fromSecond!.rawPayload.length,
      });

      // Its week over, the clean-up of either removes it for both.
      await first.database.db.execute(
        sql`UPDATE conversions SET expires_at = now() - interval '1 second'`,
      );
      expect(await second.app.maker.removeExpired()).toBe(1);
      const gone = await first.app.inject({ method: 'GET', url: link });
      expect(gone.json()).toEqual({
        code: 404,
        message: 'This download has expired: converted songs are kept for 7 days.',
        data: null,
      });
      const rows = await first.database.db.execute(sql`SELECT 1 FROM maker_file_chunks`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
    }, 120_000);
  },
);

/** How long the processes of the next test wait for word from a conversion's process. */
const ABANDONED_AFTER_MS = 3_000;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The app in a process of its own (test-support/maker-process.ts), and its port once it answers. */
async function startMakerProcess(databaseUrl: string, folder: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/test-support/maker-process.ts',
      databaseUrl,
      folder,
      String(ABANDONED_AFTER_MS),
    ],
    // A group of its own, so that killing it kills its ffmpeg too, as a machine dying would.
    { cwd: apiDir, detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, port: Number(String(line).trim()) };
}

describe.skipIf(!testEngines().includes('postgres'))(
  'a process killed mid-conversion, on PostgreSQL',
  () => {
    let survivor: Awaited<ReturnType<typeof startMakerApp>>;
    let doomed: ChildProcess | undefined;
    let folder: string;
    let subscriber: TestUser;

    beforeAll(async () => {
      survivor = await startMakerApp('postgres', 'maker-killed-', {
        maker: { limits: { abandonedAfterMs: ABANDONED_AFTER_MS } },
      });
      ({ folder, subscriber } = survivor);
    }, 60_000);
    afterAll(async () => {
      if (doomed && doomed.exitCode === null && doomed.signalCode === null) {
        process.kill(-doomed.pid!, 'SIGKILL');
      }
      await survivor?.close();
    });

    it('leaves a conversion the other process reports as stopped, not converting forever', async () => {
      const started = await startMakerProcess(
        (survivor.database as { url?: string }).url!,
        path.join(folder, 'doomed'),
      );
      doomed = started.child;
      const job = 'job-killed-4567';
      const form = await longSongForm(folder, job, 600);
      const upload = fetch(`http://127.0.0.1:${started.port}${CONVERT}`, {
        method: 'POST',
        headers: { ...form.headers, ...bearer(subscriber) },
        body: form.payload,
      }).catch((error: unknown) => error);

      const poll = () =>
        survivor.app.inject({ method: 'GET', url: progressUrl(job), headers: bearer(subscriber) });
      // Converting in the other process, as read here.
      for (;;) {
        const answer = await poll();
        if (answer.statusCode !== 200) expect(answer.statusCode).toBe(404);
        else if (answer.json().data.stage === 'converting') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      process.kill(-doomed.pid!, 'SIGKILL');
      await once(doomed, 'exit');
      // The browser's request failed with its connection.
      expect(await upload).toBeInstanceOf(Error);

      let answer = await poll();
      while (answer.statusCode === 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await poll();
      }
      expect(answer.json()).toEqual({
        code: 410,
        message:
          'This conversion stopped because the server working on it went away. Please convert the song again.',
        data: null,
      });
    }, 120_000);
  },
);

describe.each(testEngines())('a conversion whose process went away, on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof startMakerApp>>;
  let subscriber: TestUser;

  beforeAll(async () => {
    harness = await startMakerApp(engine, 'maker-abandoned-');
    subscriber = harness.subscriber;
  }, 60_000);
  afterAll(() => harness?.close());

  it('is reported as stopped, not converting forever, then forgotten', async () => {
    // Signed in once, as before any conversion.
    await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) });
    // What a process killed mid-conversion leaves: its row, which it no longer refreshes.
    await harness.database.db.execute(
      sql`INSERT INTO maker_jobs (user_uid, job, worker, stage, percent, seen_at)
          VALUES (${subscriber.uid}, 'job-killed-0123', 'a-process-that-died', 'converting', 40,
            now() - interval '5 minutes')`,
    );
    const answer = await harness.app.inject({
      method: 'GET',
      url: progressUrl('job-killed-0123'),
      headers: bearer(subscriber),
    });
    expect(answer.json()).toEqual({
      code: 410,
      message:
        'This conversion stopped because the server working on it went away. Please convert the song again.',
      data: null,
    });

    // A day on, the clean-up forgets it.
    await harness.database.db.execute(
      sql`UPDATE maker_jobs SET seen_at = now() - interval '2 days' WHERE job = 'job-killed-0123'`,
    );
    expect(await harness.app.maker.removeAbandoned(24 * 60 * 60 * 1000)).toBe(1);
    const after = await harness.app.inject({
      method: 'GET',
      url: progressUrl('job-killed-0123'),
      headers: bearer(subscriber),
    });
    expect(after.statusCode).toBe(404);
  });
});
