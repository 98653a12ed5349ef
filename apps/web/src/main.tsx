import { startAfterFirstPaint } from '@fansite/ssr/browser';

// The page the server sent is painted before the app's code is fetched and run (ARCHITECTURE.md,
// pages rendered on the server).
startAfterFirstPaint(() => import('./start.tsx'));
