import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

export type InitialJavaScript = {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
  /** Scripts from other origins: loaded up front too, but their size is not ours to read. */
  externalScripts: string[];
};

/**
 * The scripts index.html names: the entry script and the chunks Vite marks for preload. The
 * entry's own dynamic imports (the app it starts once the page is painted) are added by
 * `measureInitialJavaScript`; other lazy chunks (the YouTube player among them) are not counted.
 */
function initialScriptPaths(indexHtml: string): string[] {
  const scripts: string[] = [];
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    // Vite emits module scripts; a classic script added by hand loads up front just the same.
    const isScript = /^<script\b/i.test(tag);
    const isModulePreload = /^<link\b/i.test(tag) && /\brel=["']?modulepreload\b/i.test(tag);
    const source = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if ((isScript || isModulePreload) && source) scripts.push(source);
  }
  return [...new Set(scripts)];
}

function isOtherOrigin(source: string): boolean {
  return /^(?:[a-z]+:)?\/\//i.test(source);
}

async function gzipSizes(distDir: string, files: string[]) {
  return Promise.all(
    files.map(async (file) => {
      const gzipped = await gzipAsync(await readFile(path.join(distDir, file)));
      return { file, gzipBytes: gzipped.length };
    }),
  );
}

/**
 * The scripts a browser fetches before the home page can run: those index.html names, and the
 * app their entry starts (each app's `main.tsx` imports `start.tsx` once the page is painted)
 * with every chunk it imports. Null when the app is not built. Gzip at the default level, as a
 * server would send it.
 */
export async function measureInitialJavaScript(distDir: string): Promise<InitialJavaScript | null> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = await readFile(indexPath, 'utf8');
  const sources = initialScriptPaths(indexHtml);
  // Vite writes root-relative URLs ("/assets/index-abc.js"); they name files under dist.
  const named = sources
    .filter((source) => !isOtherOrigin(source))
    .map((source) => source.replace(/^\//, '').split(/[?#]/)[0] ?? source);
  const closure = new Set<string>(named);
  for (const file of named) {
    const code = await readFile(path.join(distDir, file), 'utf8');
    for (const [, started] of code.matchAll(DYNAMIC_IMPORT)) {
      await chunkClosure(distDir, path.posix.join(path.posix.dirname(file), started!), closure);
    }
  }
  const files = await gzipSizes(distDir, [...closure]);
  return {
    files,
    totalGzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    externalScripts: sources.filter(isOtherOrigin),
  };
}

/** A built chunk's dynamic imports: `import("./start-abc.js")`. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

/**
 * Static imports of a built chunk (`import{a}from"./x.js"`, `export*from"./y.js"`); dynamic
 * `import("./z.js")` loads later, on demand, and is not followed.
 */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

/** A chunk and every chunk it statically imports, as paths under dist. */
async function chunkClosure(distDir: string, chunk: string, seen = new Set<string>()) {
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  const code = await readFile(path.join(distDir, chunk), 'utf8');
  for (const [, imported] of code.matchAll(STATIC_IMPORT)) {
    await chunkClosure(distDir, path.posix.join(path.posix.dirname(chunk), imported!), seen);
  }
  return seen;
}

/**
 * The JavaScript a page's first visit runs: the initial scripts of index.html plus the lazily
 * loaded chunks of its route (named after the route file, e.g. `assets/song-abc.js`; the router's
 * code splitting may make more than one) with everything they import. Null when the app or the
 * route's chunks are not built.
 */
export async function measureRouteJavaScript(
  distDir: string,
  routeName: string,
): Promise<InitialJavaScript | null> {
  const initial = await measureInitialJavaScript(distDir);
  if (!initial) return null;
  const assets = await readdir(path.join(distDir, 'assets'));
  const routeChunks = assets.filter((file) => new RegExp(`^${routeName}-[\\w-]+\\.js$`).test(file));
  if (routeChunks.length === 0) return null;
  const closure = new Set<string>();
  for (const chunk of routeChunks) await chunkClosure(distDir, `assets/${chunk}`, closure);
  const initialFiles = new Set(initial.files.map(({ file }) => file));
  const routeFiles = await gzipSizes(
    distDir,
    [...closure].filter((file) => !initialFiles.has(file)),
  );
  const files = [...initial.files, ...routeFiles];
  return {
    files,
    totalGzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    externalScripts: initial.externalScripts,
  };
}
