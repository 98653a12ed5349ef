import { siteBuildFolders } from '@fansite/api/src/config.ts';
import { INITIAL_JS_BUDGET_KB, verdict } from './budgets.ts';
import { measureInitialJavaScript, measureRouteJavaScript } from './bundle-size.ts';
import { formatTable, print } from './table.ts';

/** The home page's JavaScript loaded up front; false when the web app is not built. */
export async function benchmarkInitialJavaScript(): Promise<boolean> {
  const distDir = siteBuildFolders.main;
  const initial = await measureInitialJavaScript(distDir);
  if (!initial) {
    print(`Home page initial JavaScript: the web app is not built (no ${distDir}/index.html).`);
    print('Build it with `pnpm --filter @fansite/web build`, then run `pnpm bench` again.');
    return false;
  }
  const totalKb = initial.totalGzipBytes / 1024;
  print('Home page initial JavaScript (gzip):');
  print(
    formatTable(
      ['file', 'KB gzip'],
      initial.files.map(({ file, gzipBytes }) => [file, (gzipBytes / 1024).toFixed(1)]),
    ),
  );
  const passed = totalKb <= INITIAL_JS_BUDGET_KB && initial.externalScripts.length === 0;
  print(`total ${totalKb.toFixed(1)} KB, budget ${INITIAL_JS_BUDGET_KB} KB: ${verdict(passed)}`);
  for (const source of initial.externalScripts) {
    print(`  also loaded up front from another origin, not measured: ${source}`);
  }
  return true;
}

export async function benchmarkSongPageJavaScript() {
  const songPage = await measureRouteJavaScript(siteBuildFolders.main, 'song');
  if (!songPage) {
    print('Song page initial JavaScript: the web app or its song route chunk is not built.');
    return;
  }
  print('Song page initial JavaScript (gzip; the YouTube player script loads after it):');
  print(
    formatTable(
      ['file', 'KB gzip'],
      songPage.files.map(({ file, gzipBytes }) => [file, (gzipBytes / 1024).toFixed(1)]),
    ),
  );
  print(`total ${(songPage.totalGzipBytes / 1024).toFixed(1)} KB (no budget of its own)`);
}
