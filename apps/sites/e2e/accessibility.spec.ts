import { axeViolations } from '@fansite/playwright-config/axe';
import { stubYouTube } from '@fansite/playwright-config/fake-youtube';
import { expect, test } from '@playwright/test';

/** The server's port (playwright.config.ts): 4312 moved by E2E_PORT_OFFSET. */
const PORT = 4312 + Number(process.env.E2E_PORT_OFFSET ?? 0);

/** The demo subscriber's site under each brand's host. */
const SITES = [
  { brand: 'nightcore', origin: `http://alice.localhost:${PORT}` },
  { brand: 'slowed-reverb', origin: `http://alice.slowedreverb.localhost:${PORT}` },
];

for (const { brand, origin } of SITES) {
  for (const width of [390, 1280]) {
    test(`a subscriber's ${brand} site at ${width} px: axe finds nothing at any impact`, async ({
      page,
    }) => {
      await stubYouTube(page);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(origin);
      await expect(page.getByRole('heading', { level: 1, name: 'Alice Sings' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
