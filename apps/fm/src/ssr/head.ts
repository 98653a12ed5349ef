import type { BrandConfig } from '@fansite/brand-config';
import { previewMeta } from '@fansite/ssr/html';

/** The radio page's title, the same the page sets in the browser. */
export const radioTitle = (brand: BrandConfig) => `Radio | ${brand.siteName}`;

/**
 * The head of the radio page, as its route declares it (ARCHITECTURE.md, pages rendered on the
 * server): its title, description, canonical address and link preview tags (Open Graph, X card).
 * Every path of the fm site shows the same page, so the canonical address is always its root.
 * What is playing is not in it: it changes every few minutes.
 */
export function radioHead(brand: BrandConfig) {
  const title = radioTitle(brand);
  const description = `The ${brand.siteName} radio: one stream of songs that every listener hears at the same moment.`;
  return {
    meta: previewMeta({ title, description, url: '/', siteName: brand.siteName }),
    links: [{ rel: 'canonical', href: '/' }],
  };
}
