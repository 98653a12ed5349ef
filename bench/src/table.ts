/** The lines of each report section being recorded, innermost last (see report.ts). */
const recordings: string[][] = [];

/**
 * Lines go to stdout directly: the benchmark's output is its report, not a log. While a section
 * is recorded for docs/budgets.md, its lines are kept for it too.
 */
export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
  recordings.at(-1)?.push(line);
}

/** Keeps every line printed while `measure` runs, and what it returns. */
export async function recordPrinted<T>(
  measure: () => Promise<T>,
): Promise<{ lines: string[]; result: T }> {
  const lines: string[] = [];
  recordings.push(lines);
  try {
    return { lines, result: await measure() };
  } finally {
    recordings.splice(recordings.indexOf(lines), 1);
  }
}

/** A plain-text table: text columns left-aligned, numeric columns right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const isNumeric = header.map((_, column) =>
    rows.every((row) => /^[\d.,-]*$/.test(row[column] ?? '')),
  );
  const formatRow = (cells: string[]) =>
    cells
      .map((cell, column) =>
        isNumeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [formatRow(header), rule, ...rows.map(formatRow)].join('\n');
}
