import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
 * The scripts a browser fetches before the home page can run: the entry script and the chunks
 * Vite marks for preload. Lazy chunks (the YouTube player among them) are not counted.
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

/** Null when the app is not built. Gzip at the default level, as a server would send it. */
export async function measureInitialJavaScript(distDir: string): Promise<InitialJavaScript | null> {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = await readFile(indexPath, 'utf8');
  const sources = initialScriptPaths(indexHtml);
  const files = await Promise.all(
    sources
      .filter((source) => !isOtherOrigin(source))
      .map(async (source) => {
        // Vite writes root-relative URLs ("/assets/index-abc.js"); they name files under dist.
        const file = source.replace(/^\//, '').split(/[?#]/)[0] ?? source;
        const gzipped = await gzipAsync(await readFile(path.join(distDir, file)));
        return { file, gzipBytes: gzipped.length };
      }),
  );
  return {
    files,
    totalGzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    externalScripts: sources.filter(isOtherOrigin),
  };
}
