import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { print, recordPrinted } from './table.ts';

/**
 * docs/budgets.md: the limits are written there by hand, the figures only by the bench. Each
 * part of the bench writes its printed report between its own pair of markers, so a run of one
 * part (`pnpm bench maker`, `pnpm bench javascript`, BENCH_LIGHTHOUSE_ONLY=1) replaces its
 * figures and leaves the others.
 */
const budgetsFile = new URL('../../docs/budgets.md', import.meta.url);

/** The generated sections of docs/budgets.md, in the order the file lists them. */
export type SectionId =
  | 'initial-javascript'
  | 'lighthouse'
  | 'fresh-render'
  | 'api-pglite'
  | 'api-postgresql'
  | 'million-start'
  | 'api-million'
  | 'maker';

const startMarker = (id: SectionId) => `<!-- bench:${id} start -->`;
const endMarker = (id: SectionId) => `<!-- bench:${id} end -->`;

/** "2.1 / 3.4 / 3.9": the machine's load averages over 1, 5 and 15 minutes. */
function loadAverages(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ');
}

function withoutBlankEnds(lines: string[]): string[] {
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1) return [];
  const last = lines.findLastIndex((line) => line.trim() !== '');
  return lines.slice(first, last + 1);
}

/**
 * `text` (docs/budgets.md) with section `id` holding `body`, between its markers; at the end of
 * the file when they are missing. Nothing outside the section's markers changes.
 */
export function withSection(text: string, id: SectionId, body: string): string {
  const start = text.indexOf(startMarker(id));
  const end = text.indexOf(endMarker(id));
  const section = `${startMarker(id)}\n\n${body}\n\n${endMarker(id)}`;
  if (start === -1 || end < start) return `${text.trimEnd()}\n\n${section}\n`;
  return text.slice(0, start) + section + text.slice(end + endMarker(id).length);
}

async function writeSection(id: SectionId, body: string): Promise<void> {
  const text = await readFile(budgetsFile, 'utf8');
  if (!text.includes(startMarker(id))) {
    print(`docs/budgets.md has no markers for ${id}: its figures are added at the end.`);
  }
  await writeFile(budgetsFile, withSection(text, id, body));
}

/**
 * Runs one part of the bench and writes what it printed into its section of docs/budgets.md,
 * with the date and the machine's load before and after (the machine is shared: the load says
 * how far a figure can be trusted). A part that fails, or answers `false` (it could not measure:
 * an app not built, no Chromium), writes nothing; a partial run (a subset of routes) passes
 * `write: false` and only prints, so no section ever holds part of a run.
 */
export async function reportSection<T>(
  id: SectionId,
  measure: () => Promise<T>,
  { write = true }: { write?: boolean } = {},
): Promise<T> {
  if (!write) {
    const result = await measure();
    print(`(a partial run: these figures are not written to docs/budgets.md)`);
    return result;
  }
  const startedAt = new Date();
  const loadBefore = loadAverages();
  const { lines, result } = await recordPrinted(measure);
  if (result === false) {
    print(`(nothing measured: docs/budgets.md keeps its figures)`);
    return result;
  }
  const minutes = (Date.now() - startedAt.getTime()) / 60_000;
  const stamp =
    `Measured ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC in ` +
    `${minutes.toFixed(0)} min, Node ${process.version}, ${os.cpus().length} cores; load ` +
    `average (1 / 5 / 15 min) ${loadBefore} at the start, ${loadAverages()} at the end.`;
  await writeSection(id, [stamp, '', '```text', ...withoutBlankEnds(lines), '```'].join('\n'));
  return result;
}
