import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DEMO_SONG_COUNT, generateDemoCatalogue } from '@fansite/api/src/catalogue/demo.ts';
import { LIGHTHOUSE_BUDGET_TEXT, verdict, withinLighthouseBudget } from './budgets.ts';
import {
  lighthouseBrowser,
  lighthousePerformance,
  lighthouseUnavailable,
  type LighthouseFormFactor,
  type LighthouseResult,
} from './lighthouse.ts';
import { startBenchServer } from './server.ts';
import { formatTable, print } from './table.ts';
import { startYouTubeStandIn } from './youtube-stand-in.ts';

const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: such a run is
 * tried again, and a page that never yields a score is reported without stopping the benchmark.
 */
async function lighthouseWithRetries(
  url: string,
  formFactor: LighthouseFormFactor,
  chromiumFlags: string[],
): Promise<LighthouseResult | null> {
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    try {
      return await lighthousePerformance(url, formFactor, chromiumFlags);
    } catch (error) {
      const reason =
        error instanceof Error ? error.message.trim().split('\n').at(-1) : String(error);
      print(`  Lighthouse ${formFactor} run ${attempt} of ${url} failed: ${reason}`);
    }
  }
  return null;
}

function lighthouseRuns(): number {
  return Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
}

/**
 * Runs one page several times (BENCH_LIGHTHOUSE_RUNS, 3 by default) and keeps the run with the
 * median score, as Lighthouse's authors advise: one run's TBT moves by hundreds of milliseconds
 * with whatever else the machine does.
 */
async function lighthouseMedian(
  url: string,
  formFactor: LighthouseFormFactor,
  chromiumFlags: string[],
): Promise<LighthouseResult | null> {
  const runs = lighthouseRuns();
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouseWithRetries(url, formFactor, chromiumFlags);
    if (result) results.push(result);
  }
  results.sort((a, b) => a.score - b.score);
  return results[Math.floor(results.length / 2)] ?? null;
}

/** Lighthouse on each page, mobile and desktop; false when it cannot run here. */
export async function benchmarkLighthouse(): Promise<boolean> {
  const unavailable = lighthouseUnavailable();
  if (unavailable) {
    print(`Lighthouse: not run, ${unavailable}.`);
    return false;
  }
  const catalogue = generateDemoCatalogue({ songs: DEFAULT_DEMO_SONG_COUNT });
  const playlist = catalogue.playlists.find((candidate) => candidate.songs.length > 0);
  const firstSong = catalogue.songs.find((song) => song.youtube_id === playlist?.songs[0]);
  // A word of a real title, as a visitor would search for it.
  const searchWord =
    firstSong?.title
      .replace(/^Nightcore - /, '')
      .split(/[^A-Za-z']+/)
      .find((word) => word.length >= 4) ?? 'love';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fansite-lighthouse-'));
  // The demo network holds the subscriber sites (alice's among them).
  const server = await startBenchServer({ dataDir }, DEFAULT_DEMO_SONG_COUNT, {
    demoNetwork: true,
  });
  const youtube = await startYouTubeStandIn();
  try {
    // The sites answer on host names (localhost, fm.localhost), not on the bare address.
    const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
    const radioOrigin = server.baseUrl.replace('127.0.0.1', 'fm.localhost');
    const subscriberOrigin = server.baseUrl.replace('127.0.0.1', 'alice.localhost');
    const pages = [
      ['home', `${origin}/`],
      ['playlists', `${origin}/playlists`],
      ['playlist', `${origin}/playlist?p=${playlist?.id}`],
      ['song', `${origin}/song?s=${playlist?.songs[0]}&p=${playlist?.id}`],
      ['search', `${origin}/search?q=${encodeURIComponent(searchWord.toLowerCase())}`],
      ['radio', `${radioOrigin}/`],
      // The account pages, to a visitor who has not signed in, are the sign-in page.
      ['account (sign-in)', `${origin}/login`],
      ['faq', `${origin}/faq`],
      ['subscriber site', `${subscriberOrigin}/`],
    ] as const;
    const formFactors: LighthouseFormFactor[] = ['mobile', 'desktop'];
    print(
      `Lighthouse performance (built apps served by the API server, ${DEFAULT_DEMO_SONG_COUNT} ` +
        `demo songs; LCP and TBT in ms). Budget: ${LIGHTHOUSE_BUDGET_TEXT}. YouTube is a ` +
        'stand-in player served locally (its own script and player are not measured), the ' +
        "subscriber site's channel feed a stand-in feed. Each figure is the median-score run " +
        `of ${lighthouseRuns()}, in ${await lighthouseBrowser()}:`,
    );
    const rows: string[][] = [];
    for (const [name, url] of pages) {
      const results: (LighthouseResult | null)[] = [];
      for (const formFactor of formFactors) {
        results.push(await lighthouseMedian(url, formFactor, youtube.chromiumFlags));
      }
      const passed = formFactors.every((formFactor, index) =>
        withinLighthouseBudget(formFactor, results[index] ?? null),
      );
      rows.push([
        name,
        ...results.flatMap((result) =>
          result === null
            ? ['no score', '-', '-', '-']
            : [
                String(result.score),
                result.lcpMs.toFixed(0),
                result.tbtMs.toFixed(0),
                result.cls.toFixed(3),
              ],
        ),
        verdict(passed),
      ]);
    }
    print(
      formatTable(
        [
          'page',
          ...formFactors.flatMap((formFactor) => [
            formFactor,
            `${formFactor} LCP`,
            `${formFactor} TBT`,
            `${formFactor} CLS`,
          ]),
          'result',
        ],
        rows,
      ),
    );
  } finally {
    await youtube.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return true;
}
