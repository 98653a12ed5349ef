import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Brand logos and icons are shared by every app of the brand. */
const brandPublicDir = fileURLToPath(
  new URL('../../packages/brand-config/public', import.meta.url),
);

/**
 * The Vite config of a site app (main site, radio): file-based routes split into lazy chunks,
 * React, and every text asset written beside itself as .br and .gz, which the API server sends
 * as they are to browsers that accept them (compressing once at build, never per request).
 */
export function defineSiteConfig() {
  return defineConfig(({ isSsrBuild, mode }) => ({
    plugins: [
      // Must come before the React plugin: it rewrites route files into lazily loaded chunks.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        quoteStyle: 'single',
        semicolons: true,
        // Tests sit next to the route files they test; they are not routes.
        routeFileIgnorePattern: '\\.test\\.tsx?$',
      }),
      react(),
      // The server build is imported by the API server, never sent to a browser.
      !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'] }),
    ],
    publicDir: brandPublicDir,
    server: {
      // The API shares the site's origin in production; in development it runs on its own port.
      proxy: { '/api': 'http://localhost:8080' },
    },
    // No module preloads: the entry imports the app only after the first paint
    // (`startAfterFirstPaint`), and Vite's preload helper would first add a `<link
    // rel="modulepreload">` per chunk from script, one task of 80-160 ms on a phone with a 4x
    // slower CPU at the start of every visit. The browser finds a chunk's imports when it reads
    // the chunk, one round trip later. The same links written in the HTML cost more: the chunks
    // then compete with the page's first paint, and Lighthouse's mobile LCP went from 1.0 s to
    // 2.3-2.6 s (docs/rendering-handover.md).
    build: { outDir: 'dist', modulePreload: false },
    // The server build (`vite build --ssr`, see the apps' build scripts) carries every dependency:
    // the API server imports it by path from the app's folder, where pnpm links only the app's own
    // dependencies, not those of the workspace packages it uses.
    ssr: { noExternal: true },
    // The bundled React and router pick their build by NODE_ENV when they run; fixed here, the
    // server renders with production React (development React costs several times as much).
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode) } : undefined,
  }));
}
