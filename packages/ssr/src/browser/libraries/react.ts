// The first of the libraries `startAfterFirstPaint` runs one task at a time (see there).
export { createRoot, hydrateRoot } from 'react-dom/client';
