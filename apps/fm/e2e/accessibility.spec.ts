import { axeViolations } from '@fansite/playwright-config/axe';
import { stubYouTube } from '@fansite/playwright-config/fake-youtube';
import { expect, test } from '@playwright/test';

/** The server's port (playwright.config.ts): 4311 moved by E2E_PORT_OFFSET. */
const PORT = 4311 + Number(process.env.E2E_PORT_OFFSET ?? 0);

const RADIOS = [
  { brand: 'nightcore', origin: `http://fm.localhost:${PORT}` },
  { brand: 'slowed-reverb', origin: `http://fm.slowedreverb.localhost:${PORT}` },
];

for (const { brand, origin } of RADIOS) {
  for (const width of [390, 1280]) {
    test(`the ${brand} radio at ${width} px: axe finds nothing at any impact`, async ({ page }) => {
      await stubYouTube(page);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(origin);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
