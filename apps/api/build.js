// Bundles the server into dist/server.js, the catalogue's build worker into
// dist/build-worker.js, the launcher of helper processes into dist/launcher-process.js, the pages'
// render thread into dist/render-worker.js and each operator command into dist/NAME.js: their own
// source and the workspace packages (which are TypeScript source) are compiled once here instead
// of at every start (how: bundle-options.js).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.js';

const root = path.dirname(fileURLToPath(import.meta.url));

const outdir = path.join(root, 'dist');
const OPERATOR_COMMANDS = ['catalog', 'network', 'subscriber', 'staff', 'backup', 'restore'];
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  // The catalogue's build worker is a file of its own, beside the server (catalogue/build-copy.ts).
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'build-worker': path.join(root, 'src/catalogue/build-worker.ts'),
    // The launcher, which starts the helpers for the server (launcher/launcher.ts).
    'launcher-process': path.join(root, 'src/launcher/launcher-process.ts'),
    // The render thread too (plugins/app/render-thread.ts).
    'render-worker': path.join(root, 'src/plugins/app/render-worker.ts'),
    // The operator's commands, beside the server (`node dist/catalog.js ...`): each finds the
    // repository and its migrations from its own folder, as the server does.
    ...Object.fromEntries(
      OPERATOR_COMMANDS.map((name) => [name, path.join(root, `src/cli/${name}.ts`)]),
    ),
  },
  outdir,
  ...bundleOptions,
});

// The migrations are read at start from the folder beside the code (db/client.ts).
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
