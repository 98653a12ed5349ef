import { fileURLToPath } from 'node:url';

/**
 * Whether this process runs the server from its TypeScript source through tsx (tests, `pnpm dev`)
 * rather than from its bundle (`dist/`, build.js). The helpers it starts (the catalogue's build
 * worker, the render threads) then load their source through tsx too. Every module of a process
 * is one or the other: this file's own address says which.
 */
export const runsFromSource = import.meta.url.endsWith('.ts');

/**
 * A helper process's entry, `name` beside the module at `besideUrl`, and the flags Node needs to
 * run it: its bundle (`dist/NAME.js`, build.js) or, run from source, its TypeScript file through
 * tsx's loader.
 */
export function helperEntry(
  name: string,
  besideUrl: string,
): { module: string; execArgv: string[] } {
  if (!runsFromSource) {
    return { module: fileURLToPath(new URL(`./${name}.js`, besideUrl)), execArgv: [] };
  }
  return {
    module: fileURLToPath(new URL(`./${name}.ts`, besideUrl)),
    execArgv: ['--import', import.meta.resolve('tsx')],
  };
}
