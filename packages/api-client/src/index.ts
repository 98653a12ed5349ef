export * from './client.ts';
export * from './queries.ts';
export * from './carried-state.ts';
