import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import { apiRoot } from './server-process.ts';

/** What the bundle is made of: the server's source, the workspace packages' and the build script. */
const SOURCES = [
  path.join(apiRoot, 'src'),
  path.join(repoRoot, 'packages'),
  path.join(apiRoot, 'build.js'),
];

/** The newest modification time under a path, skipping installed packages and build outputs. */
function newestChange(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('dist') || child === 'storybook-static') {
      continue;
    }
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/**
 * Vitest global setup: the tests that start the server or an operator command in a process of
 * their own run the built bundle (test-support/server-process.ts). The bundle is made again
 * when a source is newer than it; in the test command it is fresh already (turbo builds the
 * API before its tests).
 */
export default function buildServerWhenStale() {
  const bundle = path.join(apiRoot, 'dist/server.js');
  const builtAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
  if (SOURCES.some((source) => newestChange(source) > builtAt)) {
    execFileSync(process.execPath, ['build.js'], { cwd: apiRoot, stdio: 'inherit' });
  }
}
