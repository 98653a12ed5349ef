import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    // Must come before the React plugin: it rewrites route files into lazily loaded chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
      routeFileIgnorePattern: '\\.test\\.tsx?$',
    }),
    react(),
  ],
  // Brand logos are shared by every app of the brand.
  publicDir: '../../packages/brand-config/public',
  server: {
    // The API shares the site's origin in production; in development it runs on its own port.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: { outDir: 'dist' },
});
