import { normalizeHost } from '@fansite/brand-config';
import { getDomain } from 'tldts';

/**
 * The sites this deployment serves, and the address visitors reach each at. Links, redirects,
 * canonical and preview addresses are built from these, never from a Host header as such: any
 * client can send `Host: evil.example`, and a page, a redirect or a cached page built from it
 * would point the real site's visitors elsewhere.
 */
export interface PublicSites {
  /**
   * The origin (`scheme://host[:port]`) visitors reach a host at, when it is one this deployment
   * serves: a main site (apex, www., dev.), its radio (fm.) or a subscriber's site (one more
   * label); undefined for any other host. `protocol` is the request's, which counts only without
   * configured public addresses (then the scheme behind a trusted proxy is its X-Forwarded-Proto).
   */
  originOf(host: string, protocol: string): string | undefined;
  /** Whether an origin (a browser's Origin header, a return address) is one of this deployment's. */
  isOwnOrigin(origin: string): boolean;
}

interface PublicBase {
  protocol: string;
  /** The domain the brand's sites share: the configured host without www. or dev. */
  domain: string;
  /** The port visitors use, empty for the scheme's default. */
  port: string;
}

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** `www.nightcore.example` and `nightcore.example` name the same brand's sites. */
function publicBase(url: URL): PublicBase {
  const hostname = normalizeHost(url.hostname);
  return {
    protocol: url.protocol,
    domain: hostname.replace(/^(?:www|dev)\./, ''),
    port: url.port,
  };
}

/**
 * Whether a public address names a domain of its own. A public suffix (`co.uk`, `github.io`, from
 * the public suffix list) would make every site under it one of this deployment's: links,
 * redirects and the Origin check would trust them all. Local names and addresses are the
 * operator's own.
 */
export function namesOwnDomain(url: URL): boolean {
  const { domain } = publicBase(url);
  if (domain === 'localhost' || IPV4.test(domain) || domain.startsWith('[')) return true;
  return getDomain(domain, { allowPrivateDomains: true }) !== null;
}

/** The port a Host header names, empty when it names none. */
function portOf(host: string): string {
  return /:(\d+)$/.exec(host.trim())?.[1] ?? '';
}

/** A host is one of a base's sites when it is the domain itself or one DNS label under it. */
function isUnder(hostname: string, domain: string): boolean {
  if (hostname === domain) return true;
  if (!hostname.endsWith(`.${domain}`)) return false;
  return DNS_LABEL.test(hostname.slice(0, -(domain.length + 1)));
}

/**
 * With no public address configured the server runs on a developer's machine or in tests: it
 * serves `localhost` and its sub-domains (Chromium resolves `*.localhost` to the machine) and
 * address literals, at the scheme and port the request came with.
 */
function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    (hostname.endsWith('.localhost') &&
      hostname
        .slice(0, -'.localhost'.length)
        .split('.')
        .every((label) => DNS_LABEL.test(label))) ||
    IPV4.test(hostname) ||
    hostname.startsWith('[')
  );
}

/**
 * The deployment's sites from its public addresses (`PUBLIC_URL`: one origin per brand, such as
 * `https://nightcore.example,https://slowedreverb.example`); none configured means local use.
 */
export function publicSites(publicUrls: readonly URL[]): PublicSites {
  const bases = publicUrls.map(publicBase);

  function originOf(host: string, protocol: string): string | undefined {
    const hostname = normalizeHost(host);
    if (hostname === '') return undefined;
    if (bases.length === 0) {
      if (!isLocalHost(hostname)) return undefined;
      const port = portOf(host);
      return `${protocol.replace(/:$/, '')}://${hostname}${port ? `:${port}` : ''}`;
    }
    const port = portOf(host);
    const base = bases.find(
      (candidate) =>
        isUnder(hostname, candidate.domain) && (port === '' || port === candidate.port),
    );
    if (!base) return undefined;
    return `${base.protocol}//${hostname}${base.port ? `:${base.port}` : ''}`;
  }

  function isOwnOrigin(origin: string): boolean {
    if (!URL.canParse(origin)) return false;
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return originOf(url.host, url.protocol) === url.origin;
  }

  return { originOf, isOwnOrigin };
}
