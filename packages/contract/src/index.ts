export * from './primitives.ts';
export * from './catalog.ts';
export * from './contact.ts';
export * from './community.ts';
export * from './calls.ts';
