import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import {
  hideFlacLength,
  makeSilentFlac,
  makeTone,
  measureFrequency,
  multipartWithFiles,
  probeDuration,
  probeTitle,
  toneFormats,
  type ToneFormat,
} from '../../test-support/audio.ts';
import { testEngines } from '../../test-support/database.ts';
import {
  createTestUser,
  grantSubscriber,
  type TestUser,
} from '../../test-support/firebase-users.ts';
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

const SUBSCRIBERS_ONLY =
  'Content locked: become a subscriber to support us and unlock all content.';

describe.each(testEngines())('song maker on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof startMakerApp>>;
  let folder: string;
  let makerFolder: string;
  let subscriber: TestUser;
  let otherSubscriber: TestUser;
  const tones = new Map<ToneFormat, Buffer>();

  beforeAll(async () => {
    harness = await startMakerApp(engine, 'maker-test-', {
      // One person converts every type here: more than a day's songs.
      maker: { limits: { dailyPerPerson: 1000 } },
    });
    ({ folder, subscriber } = harness);
    makerFolder = path.join(folder, 'maker');
    otherSubscriber = await createTestUser();
    await grantSubscriber(harness.database, otherSubscriber.email);
    for (const format of Object.keys(toneFormats) as ToneFormat[]) {
      tones.set(format, await readFile(await makeTone(folder, format, { seconds: 6 })));
    }
  }, 60_000);
  afterAll(() => harness.close());

  function convert(
    user: TestUser | null,
    files: { fileName: string; content: Buffer; field?: string }[],
    fields: Record<string, string> = { speed: '25' },
    host = 'localhost',
  ) {
    const form = multipartWithFiles(
      fields,
      files.map((file) => ({ field: file.field ?? 'file', ...file })),
    );
    return postSong(harness.app, user, form, { host });
  }

  async function download(link: string) {
    const response = await harness.app.inject({ method: 'GET', url: link });
    return response;
  }

  async function downloadToFile(link: string, name: string) {
    const response = await download(link);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    const file = path.join(folder, name);
    await writeFile(file, response.rawPayload);
    return { file, response };
  }

  /** The songs kept: files in the data folder with PGlite, rows of PostgreSQL on it. */
  const storedSongs = async (): Promise<string[]> => {
    if (engine === 'pglite') return readdir(path.join(makerFolder, 'songs')).catch(() => []);
    const rows = await queryRows(
      harness.database.db,
      sql`SELECT DISTINCT storage_key FROM maker_file_chunks ORDER BY storage_key`,
      z.object({ storage_key: z.string() }),
    );
    return rows.map((row) => row.storage_key);
  };
  const workFiles = async () => readdir(path.join(makerFolder, 'work')).catch(() => []);

  // Reading each type is the maker's work, the same on both engines: every type is converted on
  // the embedded one, one on PostgreSQL, where the tests below convert others to store the results.
  const formatsConverted: ToneFormat[] =
    engine === 'pglite' ? (Object.keys(toneFormats) as ToneFormat[]) : ['wav'];
  it.each(formatsConverted)(
    'converts %s: a quarter faster, pitch following, as an MP3',
    async (format) => {
      const response = await convert(subscriber, [
        { fileName: toneFormats[format].fileName, content: tones.get(format)! },
      ]);
      expect(response.json()).toMatchObject({
        code: 200,
        message: 'Your song has been converted!',
      });
      const link = response.json().data as string;
      expect(link).toMatch(/^\/api\/v1\/make\/download\?key=[A-Za-z0-9_-]{43}$/);
      const { file } = await downloadToFile(link, `${format}-result.mp3`);
      expect(Math.abs((await probeDuration(file)) - 6 / 1.25) / (6 / 1.25)).toBeLessThan(0.02);
      expect(Math.abs((await measureFrequency(file)) - 550)).toBeLessThan(550 * 0.02);
      expect(await workFiles()).toEqual([]);
    },
  );

  it('slows down by the rate that undoes the same speed up, and names what was done', async () => {
    const response = await convert(
      subscriber,
      [{ fileName: 'tone.flac', content: tones.get('flac')! }],
      { speed: '-25' },
    );
    const { file, response: fileResponse } = await downloadToFile(
      response.json().data,
      'slowed.mp3',
    );
    expect(Math.abs((await probeDuration(file)) - 7.5) / 7.5).toBeLessThan(0.02);
    expect(Math.abs((await measureFrequency(file)) - 352)).toBeLessThan(352 * 0.02);
    expect(await probeTitle(file)).toBe('Test Tone (Slowed)');
    expect(fileResponse.headers['content-disposition']).toContain('filename="tone (Slowed).mp3"');
  });

  it('titles a sped-up song Nightcore, and a slowed one on the slowed-reverb brand Slowed + Reverb', async () => {
    const fast = await convert(subscriber, [{ fileName: 'tone.mp3', content: tones.get('mp3')! }]);
    const { file: fastFile } = await downloadToFile(fast.json().data, 'nightcore.mp3');
    expect(await probeTitle(fastFile)).toBe('Test Tone (Nightcore)');

    const slowed = await convert(
      subscriber,
      [{ fileName: 'tone.pcm', content: tones.get('pcm')! }],
      { speed: '-20' },
      'slowedreverb.localhost',
    );
    const { file: slowedFile } = await downloadToFile(slowed.json().data, 'slowed-reverb.mp3');
    // Raw PCM holds no tags: the file's name stands in for it.
    expect(await probeTitle(slowedFile)).toBe('tone (Slowed + Reverb)');
  });

  it('lists a person’s conversions newest first, and nobody else’s', async () => {
    const before = (
      await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) })
    ).json();
    await convert(otherSubscriber, [{ fileName: 'mine.flac', content: tones.get('flac')! }]);
    const latest = await convert(subscriber, [
      { fileName: 'latest.flac', content: tones.get('flac')! },
    ]);
    const history = (
      await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) })
    ).json();
    expect(history.code).toBe(200);
    expect(history.data).toHaveLength(before.data.length + 1);
    expect(history.data[0]).toEqual({
      id: expect.any(Number),
      file_name: 'latest (Nightcore).mp3',
      file_size: expect.any(Number),
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      expired: false,
      // The link the conversion gave, still there for the week the file is kept.
      download_link: latest.json().data,
    });
    expect((await download(history.data[0].download_link)).statusCode).toBe(200);
    expect(history.data.map((entry: { file_name: string }) => entry.file_name)).not.toContain(
      'mine (Nightcore).mp3',
    );
    const others = (
      await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(otherSubscriber) })
    ).json();
    expect(others.data.map((entry: { file_name: string }) => entry.file_name)).toEqual([
      'mine (Nightcore).mp3',
    ]);
  });

  it('keeps the maker for subscribers', async () => {
    const signedOut = await convert(null, [{ fileName: 'tone.mp3', content: tones.get('mp3')! }]);
    expect(signedOut.statusCode).toBe(401);
    const notSubscriber = await createTestUser();
    const refused = await convert(notSubscriber, [
      { fileName: 'tone.mp3', content: tones.get('mp3')! },
    ]);
    expect(refused.json()).toEqual({ code: 403, message: SUBSCRIBERS_ONLY, data: null });
    const history = await harness.app.inject({
      method: 'GET',
      url: HISTORY,
      headers: bearer(notSubscriber),
    });
    expect(history.statusCode).toBe(403);
  });

  describe('refuses bad input with a message and leaves nothing on disk', () => {
    const textFile = Buffer.from('These are the lyrics of my favourite song.\n'.repeat(20));
    const playlist = Buffer.from(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1/segment.ts\n',
    );
    const cases: [string, () => Parameters<typeof convert>, number, string | RegExp][] = [
      [
        'a text file renamed .mp3',
        () => [subscriber, [{ fileName: 'song.mp3', content: textFile }]],
        415,
        /not one of the accepted types/,
      ],
      [
        'an HLS playlist renamed .mp3',
        () => [subscriber, [{ fileName: 'song.mp3', content: playlist }]],
        415,
        /not one of the accepted types/,
      ],
      [
        'a text file renamed .pcm',
        () => [subscriber, [{ fileName: 'song.pcm', content: textFile }]],
        415,
        /not one of the accepted types/,
      ],
      [
        'a truncated file',
        () => [
          subscriber,
          [{ fileName: 'tone.flac', content: tones.get('flac')!.subarray(0, 3000) }],
        ],
        400,
        /could not be read as audio/,
      ],
      [
        'a truncated M4A',
        () => [
          subscriber,
          [{ fileName: 'tone.m4a', content: tones.get('m4a')!.subarray(0, 3000) }],
        ],
        400,
        /could not be read as audio/,
      ],
      [
        'a zero-byte file',
        () => [subscriber, [{ fileName: 'tone.mp3', content: Buffer.alloc(0) }]],
        400,
        'The file is empty.',
      ],
      [
        'a WAV named .mp3',
        () => [subscriber, [{ fileName: 'tone.mp3', content: tones.get('wav')! }]],
        415,
        'This file is named .mp3 but it is WAV.',
      ],
      [
        '11 MB',
        () => [
          subscriber,
          [
            {
              fileName: 'big.wav',
              content: Buffer.concat([tones.get('wav')!, Buffer.alloc(11 * 1024 * 1024)]),
            },
          ],
        ],
        413,
        'The file is larger than 10MB.',
      ],
      [
        'speed 1e9',
        () => [
          subscriber,
          [{ fileName: 'tone.mp3', content: tones.get('mp3')! }],
          { speed: '1e9' },
        ],
        400,
        'Invalid request: speed: The speed must be at most 100.',
      ],
      [
        'speed NaN',
        () => [
          subscriber,
          [{ fileName: 'tone.mp3', content: tones.get('mp3')! }],
          { speed: 'NaN' },
        ],
        400,
        /^Invalid request: speed: /,
      ],
      [
        'speed -0.5',
        () => [
          subscriber,
          [{ fileName: 'tone.mp3', content: tones.get('mp3')! }],
          { speed: '-0.5' },
        ],
        400,
        'Invalid request: speed: The speed must be a whole number.',
      ],
      [
        'no speed',
        () => [subscriber, [{ fileName: 'tone.mp3', content: tones.get('mp3')! }], {}],
        400,
        /^Invalid request: speed: /,
      ],
      [
        'two files in one request',
        () => [
          subscriber,
          [
            { fileName: 'a.mp3', content: tones.get('mp3')! },
            { fileName: 'b.mp3', content: tones.get('mp3')! },
          ],
        ],
        400,
        'Send one file at a time.',
      ],
      ['a missing file', () => [subscriber, []], 400, 'Choose a song file to convert.'],
      [
        'a file under another field name',
        () => [subscriber, [{ fileName: 'tone.mp3', content: tones.get('mp3')!, field: 'song' }]],
        400,
        /send the song as "file"/,
      ],
    ];

    it.each(cases)('%s', async (_name, args, status, message) => {
      const songsBefore = await storedSongs();
      const historyBefore = (
        await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) })
      ).json().data;
      const response = await convert(...args());
      expect(response.statusCode).toBe(status);
      const body = response.json();
      expect(body.code).toBe(status);
      expect(body.data).toBeNull();
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await storedSongs()).toEqual(songsBefore);
      expect(await workFiles()).toEqual([]);
      const historyAfter = (
        await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) })
      ).json().data;
      expect(historyAfter).toEqual(historyBefore);
    });

    it('a form that is not multipart', async () => {
      const response = await harness.app.inject({
        method: 'POST',
        url: CONVERT,
        payload: { speed: 25 },
        headers: bearer(subscriber),
      });
      // The request guard answers any body type a call does not take, before the upload is read.
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 415, data: null });
    });
  });

  it('opens a link only as it was given: guessed or altered links get 404', async () => {
    const response = await convert(subscriber, [
      { fileName: 'tone.mp3', content: tones.get('mp3')! },
    ]);
    const link = response.json().data as string;
    expect((await download(link)).statusCode).toBe(200);
    const key = link.split('key=')[1]!;
    const altered = `${link.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const guessed = `/api/v1/make/download?key=${'x'.repeat(43)}`;
    for (const url of [
      altered,
      guessed,
      '/api/v1/make/download',
      '/api/v1/make/download?key=../songs',
    ]) {
      const refused = await download(url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        code: 404,
        message: 'This download link is not valid.',
        data: null,
      });
    }
  });

  it('removes files after their week, keeping the history row marked expired', async () => {
    const response = await convert(subscriber, [
      { fileName: 'old.flac', content: tones.get('flac')! },
    ]);
    const link = response.json().data as string;
    const songsBefore = await storedSongs();
    const entryOf = async () =>
      (
        (
          await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) })
        ).json().data as { file_name: string; expired: boolean; download_link: string | null }[]
      ).find((entry) => entry.file_name === 'old (Nightcore).mp3');
    expect(await entryOf()).toMatchObject({ expired: false, download_link: link });
    await harness.database.db.execute(
      sql`UPDATE conversions SET created_at = now() - interval '8 days', expires_at = now() - interval '1 day'
          WHERE file_name = 'old (Nightcore).mp3'`,
    );
    const expiredAnswer = await download(link);
    expect(expiredAnswer.json()).toEqual({
      code: 404,
      message: 'This download has expired: converted songs are kept for 7 days.',
      data: null,
    });
    // Past its week the history says so, and gives no link.
    expect(await entryOf()).toMatchObject({ expired: true, download_link: null });
    expect(await harness.app.maker.removeExpired()).toBe(1);
    expect(await entryOf()).toMatchObject({ expired: true, download_link: null });
    expect(await storedSongs()).toHaveLength(songsBefore.length - 1);
    const history = (
      await harness.app.inject({ method: 'GET', url: HISTORY, headers: bearer(subscriber) })
    ).json().data as { file_name: string; expired: boolean }[];
    expect(history.find((entry) => entry.file_name === 'old (Nightcore).mp3')?.expired).toBe(true);
    expect(history.filter((entry) => entry.expired)).toHaveLength(1);
    expect((await download(link)).statusCode).toBe(404);
  });
});

describe('song maker limits', () => {
  let harness: Awaited<ReturnType<typeof startMakerApp>>;
  let folder: string;
  let subscriber: TestUser;
  beforeAll(async () => {
    harness = await startMakerApp('pglite', 'maker-limits-', {
      maker: {
        concurrency: 1,
        queueLength: 0,
        // One person fills the queue here: the per-person limits stay out of the way.
        limits: { maxOutputSeconds: 11 * 60, atOncePerPerson: 10, dailyPerPerson: 1000 },
      },
    });
    ({ folder, subscriber } = harness);
  });
  afterAll(() => harness.close());

  it('answers 429 while every place in the queue is taken, and takes conversions again after', async () => {
    const tone = await readFile(await makeTone(folder, 'flac'));
    const form = multipartWithFiles({ speed: '25' }, [
      { field: 'file', fileName: 'tone.flac', content: tone },
    ]);
    // An upload still arriving holds the only place.
    const slowUpload = new PassThrough();
    const first = harness.app.inject({
      method: 'POST',
      url: CONVERT,
      payload: slowUpload,
      headers: { ...form.headers, ...bearer(subscriber) },
    });
    slowUpload.write(form.payload.subarray(0, 1000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await postSong(harness.app, subscriber, form);
    expect(refused.json()).toEqual({
      code: 429,
      message: 'The song maker is busy right now. Please try again in a minute.',
      data: null,
    });
    slowUpload.end(form.payload.subarray(1000));
    expect((await first).statusCode).toBe(200);
    const after = await postSong(harness.app, subscriber, form);
    expect(after.statusCode).toBe(200);
  });

  it('lets a client still sending its upload read the refusal, over a real connection', async () => {
    const address = await harness.app.listen({ host: '127.0.0.1', port: 0 });
    const send = (content: Blob) => {
      const form = new FormData();
      form.set('speed', '25');
      form.set('file', content, 'big.wav');
      return fetch(`${address}${CONVERT}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${subscriber.idToken}` },
        body: form,
      });
    };
    const tooLarge = await send(new Blob([new Uint8Array(11 * 1024 * 1024)]));
    expect(await tooLarge.json()).toEqual({
      code: 413,
      message: 'The file is larger than 10MB.',
      data: null,
    });
    expect(await readdir(path.join(folder, 'maker', 'work'))).toEqual([]);
  });

  it('tells the page how far its conversion has got, and nobody else', async () => {
    const job = 'job-0123456789';
    const form = await longSongForm(folder, job);
    const other = await createTestUser();
    await grantSubscriber(harness.database, other.email);
    let othersSaw = 0;
    const { answer, seen } = await watchConversion(
      postSong(harness.app, subscriber, form),
      async () => {
        const othersAnswer = await harness.app.inject({
          method: 'GET',
          url: progressUrl(job),
          headers: bearer(other),
        });
        if (othersAnswer.statusCode !== 404) othersSaw += 1;
        return harness.app.inject({
          method: 'GET',
          url: progressUrl(job),
          headers: bearer(subscriber),
        });
      },
    );
    expect(answer.statusCode).toBe(200);
    expectConvertingToAdvance(seen);
    expect(othersSaw).toBe(0);
    const after = await harness.app.inject({
      method: 'GET',
      url: progressUrl(job),
      headers: bearer(subscriber),
    });
    expect(after.json()).toEqual({
      code: 404,
      message: 'No conversion with this job is under way.',
      data: null,
    });
  });

  it('stops a decompression bomb at the output cap, even when the file hides its length', async () => {
    const bomb = await makeSilentFlac(folder, 30 * 60);
    await hideFlacLength(bomb);
    // No length to check before converting: only the caps can stop it.
    expect(await probeDuration(bomb)).toBeNaN();
    const content = await readFile(bomb);
    // Half an hour of audio in well under a megabyte, whose header no longer says how long it is.
    expect(content.length).toBeLessThan(400_000);
    const form = multipartWithFiles({ speed: '0' }, [
      { field: 'file', fileName: 'bomb.flac', content },
    ]);
    const response = await postSong(harness.app, subscriber, form);
    expect(response.json()).toEqual({
      code: 413,
      message: 'This song is too long: the maker makes songs of up to 11 minutes.',
      data: null,
    });
    expect(await readdir(path.join(folder, 'maker', 'work'))).toEqual([]);
  });
});
