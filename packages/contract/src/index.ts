// constants.ts, endpoints.ts, clock.ts and youtube-links.ts build no zod schema: a browser page that imports only from them
// leaves zod out of its download (the package is marked free of side effects for that).
export * from './constants.ts';
export * from './endpoints.ts';
export * from './clock.ts';
export * from './youtube-links.ts';
export * from './primitives.ts';
export * from './catalog.ts';
export * from './contact.ts';
export * from './community.ts';
export * from './staff.ts';
export * from './calls.ts';
