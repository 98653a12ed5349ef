// How the API's code is bundled for Node: by build.js, and by the bench for its own server
// process (bench/src/server-bundle.ts), so that both run the same compiled code. Their own source
// and the workspace packages (which are TypeScript source) are compiled into the bundle; registry
// packages stay outside it and load from node_modules, where their own files (PGlite's WASM and
// data, pino's worker threads) sit next to them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const registryPackages = Object.entries(manifest.dependencies)
  .filter(([, version]) => !version.startsWith('workspace:'))
  .map(([name]) => name);

/** esbuild's options for a bundle of the API's code; the caller adds its entries and output. */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // A package's subpaths (`drizzle-orm/pg-core`, `@electric-sql/pglite/contrib/pg_trgm`) too.
  external: registryPackages.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  logLevel: 'warning',
};
