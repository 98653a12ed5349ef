/**
 * Whether this process runs the server from its TypeScript source through tsx (tests, `pnpm dev`)
 * rather than from its bundle (`dist/`, build.js). The helpers it starts (the catalogue's build
 * worker, the render threads) then load their source through tsx too. Every module of a process
 * is one or the other: this file's own address says which.
 */
export const runsFromSource = import.meta.url.endsWith('.ts');
