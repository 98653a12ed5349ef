import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

const lighthouseBin = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '../node_modules/.bin/lighthouse',
);

/** Debian's Chromium, as the end-to-end tests use it; CHROME_PATH chooses another. */
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Lighthouse's two standard set-ups: a throttled mid-range phone on slow 4G, and a desktop. */
export type LighthouseFormFactor = 'mobile' | 'desktop';

/** Why Lighthouse cannot run here, or null when it can. */
export function lighthouseUnavailable(): string | null {
  if (!existsSync(lighthouseBin)) return 'the lighthouse package is not installed';
  if (!existsSync(chromePath)) return `no Chromium at ${chromePath} (set CHROME_PATH)`;
  return null;
}

/**
 * The browser Lighthouse drives, as it names itself ("Chromium 156.0.8078.114 built on Debian
 * ..."): its version moves the blocking time Lighthouse finds on the same pages by hundreds of
 * milliseconds, so the figures carry it.
 */
export async function lighthouseBrowser(): Promise<string> {
  const { stdout } = await execFileAsync(chromePath, ['--version']);
  return stdout.trim();
}

/** A page's Lighthouse performance figures. */
export interface LighthouseResult {
  /** The performance score, 0 to 100. */
  score: number;
  /** Largest Contentful Paint, ms. */
  lcpMs: number;
  /** Total Blocking Time, ms. */
  tbtMs: number;
  /** Cumulative Layout Shift (no unit). */
  cls: number;
}

interface Audit {
  numericValue?: number;
}

/**
 * The Lighthouse performance score (0 to 100) of a page and its LCP, TBT and CLS, from a fresh
 * headless Chromium. The `--headless` of Debian's Chromium is the one Lighthouse can see paint;
 * `--headless=new` is not.
 */
export async function lighthousePerformance(
  url: string,
  formFactor: LighthouseFormFactor,
  chromiumFlags: string[] = [],
): Promise<LighthouseResult> {
  const { stdout } = await execFileAsync(
    lighthouseBin,
    [
      url,
      '--only-categories=performance',
      ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      `--chrome-flags=${['--headless', '--no-sandbox', '--disable-gpu', ...chromiumFlags].join(' ')}`,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number | null } };
    audits: Record<string, Audit | undefined>;
    runtimeError?: { message: string };
  };
  const { score } = report.categories.performance;
  if (score === null) throw new Error(report.runtimeError?.message ?? 'no performance score');
  const metric = (id: string) => {
    const value = report.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`the report has no ${id}`);
    return value;
  };
  return {
    score: Math.round(score * 100),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}
