import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, calls } from '@fansite/contract';
import { DEFAULT_DEMO_SONG_COUNT, generateDemoCatalogue } from '@fansite/api/src/catalogue/demo.ts';
import { ffmpeg } from '@fansite/api/src/test-support/audio.ts';
import startAuthEmulator from '@fansite/api/src/test-support/auth-emulator.ts';
import { createTestUser, type TestUser } from '@fansite/api/src/test-support/firebase-users.ts';
import { measureRoute } from './http.ts';
import { startBenchServer } from './server.ts';
import { formatTable, print } from './table.ts';
import { buildWorkloads } from './workloads.ts';

/** docs/budgets.md: a 10 MB mp3 converted in under 10 s (60x real time or better). */
const CONVERT_BUDGET_S = 10;
const SINGLE_RUNS = 3;
const FULL_QUEUE_SECONDS = 60;
/** song/get while conversions run, at the rate docs/budgets.md budgets catalogue reads for. */
const SONG_GET_RATE = 500;
const SONG_GET_SECONDS = 15;
const SONG_GET_BUDGET_MS = 10;

/** A 10 MB stereo MP3 of pink noise (as dense as music for the encoder), about 4.3 minutes. */
async function makeTenMegabyteMp3(folder: string): Promise<{ file: string; seconds: number }> {
  const file = path.join(folder, 'ten-megabytes.mp3');
  const seconds = 255;
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.25:duration=${seconds}:sample_rate=44100`,
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '320k',
    '-metadata',
    'title=Bench Noise',
    file,
  ]);
  return { file, seconds };
}

async function convertOnce(baseUrl: string, user: TestUser, song: Blob, fileName: string) {
  const form = new FormData();
  form.set('speed', '25');
  form.set('file', song, fileName);
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}${API_PREFIX}${calls.makeConvert.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}` },
      body: form,
    });
    await response.arrayBuffer();
    return { status: response.status, seconds: (performance.now() - startedAt) / 1000 };
  } catch {
    // A broken connection: counted as a failure, never as a refusal.
    return { status: 0, seconds: (performance.now() - startedAt) / 1000 };
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The song maker: one 10 MB mp3 alone, then as many conversions as the queue holds (plus callers
 * it must refuse) for a minute, while song/get is measured at its budgeted rate.
 */
export async function benchmarkMaker() {
  // The callers sign in with real tokens: the Auth emulator already listening is used, or one is
  // started for the measure and stopped after it, as the API tests do.
  const stopEmulator = await startAuthEmulator();
  try {
    await measureMaker();
  } finally {
    await stopEmulator?.();
  }
}

async function measureMaker() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'fansite-bench-maker-'));
  const concurrency = Number(process.env.BENCH_MAKER_CONCURRENCY) || os.availableParallelism();
  const queueLength = 2 * concurrency;
  const users = await Promise.all(
    Array.from({ length: concurrency + queueLength + 2 }, () => createTestUser()),
  );
  const server = await startBenchServer(
    { dataDir: path.join(folder, 'db') },
    DEFAULT_DEMO_SONG_COUNT,
    {
      maker: {
        folder: path.join(folder, 'maker'),
        concurrency,
        queueLength,
        // Each caller converts for as long as the measure lasts: no daily limit stops it.
        limits: { dailyPerPerson: Number.MAX_SAFE_INTEGER },
      },
      subscriberEmails: users.map((user) => user.email),
    },
  );
  try {
    const { file, seconds } = await makeTenMegabyteMp3(folder);
    const size = (await stat(file)).size;
    const song = new Blob([await readFile(file)]);
    print(
      `Song maker: ${(size / 1024 / 1024).toFixed(1)} MB mp3 of ${seconds} s, +25%, ` +
        `${concurrency} at a time, ${queueLength} waiting at most`,
    );

    const single: number[] = [];
    for (let attempt = 0; attempt < SINGLE_RUNS; attempt++) {
      const result = await convertOnce(server.baseUrl, users[0]!, song, 'ten-megabytes.mp3');
      if (result.status !== 200) throw new Error(`convert answered ${result.status}`);
      single.push(result.seconds);
    }
    const oneSeconds = median(single);
    print(`  alone: ${single.map((value) => value.toFixed(2)).join(' s, ')} s`);

    const songGet = buildWorkloads(generateDemoCatalogue({ songs: DEFAULT_DEMO_SONG_COUNT })).find(
      (workload) => workload.route === 'song/get',
    )!;
    await measureRoute(server.baseUrl, { ...songGet, ratePerSecond: SONG_GET_RATE }, 3);
    const quietSongGet = await measureRoute(
      server.baseUrl,
      { ...songGet, ratePerSecond: SONG_GET_RATE, p99BudgetMs: SONG_GET_BUDGET_MS },
      SONG_GET_SECONDS,
    );

    // Every place of the queue taken, and two callers more than it holds, for a minute.
    let stopping = false;
    const done: number[] = [];
    let refused = 0;
    let failed = 0;
    const caller = async (user: TestUser) => {
      while (!stopping) {
        const result = await convertOnce(server.baseUrl, user, song, 'ten-megabytes.mp3');
        if (result.status === 200) done.push(performance.now());
        else if (result.status === 429) {
          refused += 1;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        } else failed += 1;
      }
    };
    print(
      `  song/get with no conversions: p99 ${quietSongGet.p99Ms.toFixed(1)} ms; now filling the queue...`,
    );
    const startedAt = performance.now();
    const callers = users.map((user) => caller(user));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const busySongGet = await measureRoute(
      server.baseUrl,
      { ...songGet, ratePerSecond: SONG_GET_RATE, p99BudgetMs: SONG_GET_BUDGET_MS },
      SONG_GET_SECONDS,
    );
    const remaining = FULL_QUEUE_SECONDS * 1000 - (performance.now() - startedAt);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    const windowEnd = performance.now();
    stopping = true;
    await Promise.all(callers);
    const inWindow = done.filter((at) => at <= windowEnd).length;
    const perMinute = (inWindow / ((windowEnd - startedAt) / 1000)) * 60;

    print(
      formatTable(
        ['measure', 'figure', 'budget', 'result'],
        [
          [
            'one 10 MB mp3 (median of 3, upload included)',
            `${oneSeconds.toFixed(2)} s (${(seconds / oneSeconds).toFixed(0)}x real time)`,
            `< ${CONVERT_BUDGET_S} s`,
            oneSeconds < CONVERT_BUDGET_S ? 'pass' : 'FAIL',
          ],
          [
            `conversions per minute, queue full (${users.length} callers)`,
            `${perMinute.toFixed(1)} (${refused} refused with 429, ${failed} failed)`,
            '-',
            failed === 0 ? 'ok' : 'FAIL',
          ],
          [
            `song/get at ${SONG_GET_RATE}/s, no conversions`,
            `p50 ${quietSongGet.p50Ms.toFixed(1)} ms, p99 ${quietSongGet.p99Ms.toFixed(1)} ms, ${quietSongGet.achievedPerSecond.toFixed(0)}/s`,
            `p99 < ${SONG_GET_BUDGET_MS} ms`,
            quietSongGet.passed ? 'pass' : 'FAIL',
          ],
          [
            `song/get at ${SONG_GET_RATE}/s, queue full`,
            `p50 ${busySongGet.p50Ms.toFixed(1)} ms, p99 ${busySongGet.p99Ms.toFixed(1)} ms, ${busySongGet.achievedPerSecond.toFixed(0)}/s, non-2xx ${busySongGet.non2xx}`,
            `p99 < ${SONG_GET_BUDGET_MS} ms`,
            busySongGet.passed ? 'pass' : 'FAIL',
          ],
        ],
      ),
    );
  } finally {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
