import type { UserConfig } from 'vite';

export function defineSiteConfig(): UserConfig;
