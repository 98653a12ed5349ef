// The router, which every app's start makes first.
export { createRouter } from '@tanstack/react-router';
