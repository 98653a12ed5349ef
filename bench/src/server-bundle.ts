import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOptions } from '@fansite/api/bundle-options.js';
import { build } from 'esbuild';

/** The API's build folder (`pnpm --filter @fansite/api build`), found through its package. */
const apiFolder = path.dirname(createRequire(import.meta.url).resolve('@fansite/api/package.json'));
const apiDist = path.join(apiFolder, 'dist');

/** The built server, as the README starts it. */
export const serverBundle = path.join(apiDist, 'server.js');

/** Throws, saying what to do, when the API has not been built. */
export function requireBuiltApi(): void {
  if (!existsSync(serverBundle)) {
    throw new Error(
      'The built server is missing: build the API first (pnpm --filter @fansite/api build).',
    );
  }
}

const serverProcessSource = fileURLToPath(new URL('./server-process.ts', import.meta.url));
/**
 * Beside the server's bundle: the code finds the build worker, the render thread's bundle and the
 * migrations beside its own file, and the registry packages in the API's node_modules.
 */
const serverProcessBundle = path.join(apiDist, 'bench-server-process.js');

/** The flags the README's start gives the built server (scripts/start.sh). */
export const SERVER_FLAGS = ['--enable-source-maps'];

let bundled: Promise<string> | undefined;

/**
 * The bench's server process (`server-process.ts`) bundled as the API's build bundles the server
 * (the API's `bundle-options.js`), once per run: the routes are measured on the code production
 * runs, not on TypeScript compiled by tsx as it loads. A server run through tsx held about
 * twice the heap and the memory of the built one (its transpiled modules and their source maps),
 * so the collector's pauses the bench saw were not production's, and it rendered pages on its
 * event loop where the built server has render threads (`runsFromSource`).
 */
export function benchServerProcess(): Promise<string> {
  bundled ??= (async () => {
    requireBuiltApi();
    await build({
      ...bundleOptions,
      entryPoints: [serverProcessSource],
      outfile: serverProcessBundle,
    });
    return serverProcessBundle;
  })();
  return bundled;
}
