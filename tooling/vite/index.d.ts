import type { UserConfigFnObject } from 'vite';

export function defineSiteConfig(): UserConfigFnObject;
