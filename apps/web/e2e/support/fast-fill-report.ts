import { loadavg } from 'node:os';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { FAST_FILL_ANNOTATION, type FastFillResult } from './fast-fill-result.ts';

/** The machine's load averages over 1, 5 and 15 minutes, as `uptime` prints them. */
const load = () =>
  loadavg()
    .map((average) => average.toFixed(2))
    .join(', ');

/**
 * Prints what `pnpm fast-fill` measured: per form and profile, the tries, how many lost what was
 * filled and what they lost, how many did not complete though nothing was lost (the input arrived and was refused or
 * answered late, or the browser failed to open the try's page) and why, the seconds a try took, and the machine's load around the run (a
 * loaded machine widens the moments in which input can be lost).
 */
export default class FastFillReport implements Reporter {
  private readonly rows: (FastFillResult & { secondsPerTry: number })[] = [];
  private readonly failures: string[] = [];
  private loadAtStart = '';

  onBegin() {
    this.loadAtStart = load();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const annotation = result.annotations.find(({ type }) => type === FAST_FILL_ANNOTATION);
    if (!annotation?.description) {
      // A test that stopped before its tries (its preparation failed) counts nothing.
      if (result.status !== 'passed' && result.status !== 'skipped')
        this.failures.push(
          `${test.title}: ${result.error?.message?.split('\n')[0] ?? result.status}`,
        );
      return;
    }
    const measured = JSON.parse(annotation.description) as FastFillResult;
    this.rows.push({ ...measured, secondsPerTry: result.duration / 1000 / measured.tries });
  }

  onEnd(result: FullResult) {
    const lines = [
      '',
      `Fast fill, load average ${this.loadAtStart} at the start, ${load()} at the end (${result.status})`,
      '',
      '| form | profile | tries | lost | not completed | s/try |',
      '| --- | --- | ---: | ---: | ---: | ---: |',
      ...this.rows.map(
        ({ form, profile, tries, lost, unfinished, secondsPerTry }) =>
          `| ${form} | ${profile} | ${tries} | ${lost.length} | ${unfinished.length} | ${secondsPerTry.toFixed(1)} |`,
      ),
    ];
    for (const row of this.rows) {
      const { form, profile, lost, unfinished } = row;
      if (lost.length) lines.push('', `${form} (${profile}) lost:`, ...lost.map((it) => `  ${it}`));
      if (unfinished.length)
        lines.push('', `${form} (${profile}) not completed:`, ...unfinished.map((it) => `  ${it}`));
    }
    if (this.failures.length)
      lines.push('', 'Not measured:', ...this.failures.map((line) => `  ${line}`));
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio() {
    return true;
  }
}
