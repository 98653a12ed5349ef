export * from './schema.ts';
export * from './brands.ts';
export * from './faq.ts';
export * from './host.ts';
