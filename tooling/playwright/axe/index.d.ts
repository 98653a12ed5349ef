import type { Page } from '@playwright/test';

/** What axe finds on the page (every rule, every impact), one line per rule broken. */
export function axeViolations(page: Page): Promise<string[]>;
