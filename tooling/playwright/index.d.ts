import type { PlaywrightTestConfig } from '@playwright/test';

export function defineE2eConfig(options: { port: number; name: string }): PlaywrightTestConfig;
