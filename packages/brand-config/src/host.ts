import { brands } from './brands.ts';
import { brandConfigSchema, type BrandConfig, type BrandId } from './schema.ts';

/** Which of the three apps a host gets. */
export type SiteKind = 'main' | 'fm' | 'subscriber' | 'not-found';

export interface HostRoute {
  brand: BrandId;
  site: SiteKind;
  /** The subscriber's domain name, for `subscriber` hosts. */
  subdomain: string | null;
}

const MAIN_SUBDOMAINS = new Set(['', 'www', 'dev']);
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

const brandKeywords = Object.values(brands).map((brand) => brand.hostKeyword);

/** Lower-cases a Host header or hostname and drops its port. */
export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** docs/product.md, brands and hosts: the slowed-reverb brand when its name is in the host, nightcore otherwise. */
export function brandIdForHost(host: string): BrandId {
  const name = normalizeHost(host);
  return name.includes(brands['slowed-reverb'].hostKeyword) || name.includes('slowed-reverb')
    ? 'slowed-reverb'
    : 'nightcore';
}

/**
 * How many trailing labels form the domain a deployment's sites share. `localhost` (optionally
 * preceded by a brand keyword, as in `slowedreverb.localhost`) stands for a local machine.
 * Elsewhere a label that is a brand's name marks it: the sites of `nightcore.co.uk` are
 * `nightcore.co.uk`, `fm.nightcore.co.uk` and `alice.nightcore.co.uk`, so the domain starts at the
 * last label that is a brand keyword (subscribers may not take one as their name). Taking the
 * last two labels would make `co.uk` the domain and `nightcore` a subscriber; a public suffix list
 * would answer that too, but it weighs more than a page's whole budget of JavaScript. A host with
 * no such label keeps its last two labels.
 */
function baseLabelCount(labels: string[]): number {
  if (labels.at(-1) === 'localhost') {
    const beforeLocalhost = labels.at(-2);
    return beforeLocalhost !== undefined && brandKeywords.includes(beforeLocalhost) ? 2 : 1;
  }
  for (let index = labels.length - 2; index >= 0; index--) {
    if (brandKeywords.includes(labels[index]!)) {
      return labels.length - index;
    }
  }
  return Math.min(2, labels.length);
}

/** docs/product.md, screens, host routing: main site, radio, a subscriber's site, or not found. */
export function resolveHost(host: string): HostRoute {
  const name = normalizeHost(host);
  const brand = brandIdForHost(name);
  if (name === '' || IPV4.test(name) || name.startsWith('[')) {
    return { brand, site: 'main', subdomain: null };
  }
  const labels = name.split('.');
  const subdomain = labels.slice(0, labels.length - baseLabelCount(labels)).join('.');
  if (MAIN_SUBDOMAINS.has(subdomain)) return { brand, site: 'main', subdomain: null };
  if (subdomain === 'fm') return { brand, site: 'fm', subdomain: null };
  if (DNS_LABEL.test(subdomain)) return { brand, site: 'subscriber', subdomain };
  return { brand, site: 'not-found', subdomain: null };
}

/** An empty configuration, used when brand data fails validation (docs/product.md, brands and hosts). */
export const emptyBrandConfig: BrandConfig = {
  id: 'nightcore',
  siteName: '',
  hostKeyword: '',
  logoUrl: '',
  hero: { title: '', subtitle: '' },
  whatIs: { path: '/what-is', linkLabel: '', title: '', imageUrl: '', descriptionHtml: '' },
  social: { discord: '', instagram: '', x: '', tiktok: '', donation: '' },
  subscriptionsUrl: '',
  ads: { client: '', slot: '' },
  introVideoId: null,
  passion: { title: '', text: '' },
  community: { title: '', text: '' },
  discordWidgetUrl: '',
  playlistsDescription: '',
  features: { artworkEnabled: false, defaultMakerSpeed: 0 },
  theme: {
    primary: '#888888',
    accent: '#888888',
    background: '#000000',
    surface: '#111111',
    text: '#ffffff',
    mutedText: '#aaaaaa',
  },
};

/**
 * The configuration of the brand a host selects, as a browser bundle carries it, without checking
 * it again. The same data is checked where it is loaded: by the server at its start (`loadBrand`,
 * with which it renders the page the browser takes over) and by the tests, which refuse a change
 * that breaks it. Checking it in every browser would load the schema library with every page.
 */
export function bundledBrand(host: string): BrandConfig {
  return brands[brandIdForHost(host)];
}

const checkedBrands = new Map<BrandId, BrandConfig>();

/**
 * The validated configuration of the brand a host selects; the empty one if validation fails.
 * The brand data is part of the build, so each brand is checked once per process (the server
 * renders pages with it on every request).
 */
export function loadBrand(host: string): BrandConfig {
  const id = brandIdForHost(host);
  let checked = checkedBrands.get(id);
  if (checked === undefined) {
    const parsed = brandConfigSchema.safeParse(brands[id]);
    checked = parsed.success ? parsed.data : emptyBrandConfig;
    checkedBrands.set(id, checked);
  }
  return checked;
}

/** Links to another site of the same brand (the radio, a subscriber's site) keep the current base. */
export function siteUrl(currentHost: string, subdomain: string, protocol = 'https:'): string {
  const name = normalizeHost(currentHost);
  const port = /:(\d+)$/.exec(currentHost.trim())?.[1];
  const labels = name.split('.');
  const base = IPV4.test(name)
    ? name
    : labels.slice(labels.length - baseLabelCount(labels)).join('.');
  return `${protocol}//${subdomain}.${base}${port ? `:${port}` : ''}`;
}
