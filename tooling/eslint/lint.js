#!/usr/bin/env node
/**
 * A package's `lint` (docs/testing.md, Lint): ESLint with its cache, then oxlint for the rules that
 * need types (`oxlint-type-aware.json`) and TypeScript's own errors in every file it lints, from
 * the one program it builds for those rules (`--type-check`: the test command runs no separate
 * `typecheck`); the first to fail stops it, with its exit code. `pnpm
 * lint` runs it in the package's folder: ESLint is the package's own (its config imports this
 * package's rules), oxlint and its type-aware half (oxlint-tsgolint) are this package's.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const steps = [
  ['eslint', ['.', '--cache', '--cache-location', 'node_modules/.cache/eslint/']],
  [
    here('./node_modules/.bin/oxlint'),
    ['--type-aware', '--type-check', '-c', here('./oxlint-type-aware.json')],
  ],
];
// oxlint looks for tsgolint in the linted package unless told where this package has it.
const env = { ...process.env, OXLINT_TSGOLINT_PATH: here('./node_modules/.bin/tsgolint') };
for (const [command, args] of steps) {
  const { status, error } = spawnSync(command, args, { stdio: 'inherit', env });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}
