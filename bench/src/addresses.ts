/**
 * The headers that give a path an address of its own: X-Forwarded-For, which the bench's server
 * trusts from loopback (`server-process.ts`), as a server behind its proxy does. The radio counts
 * at most four listener ids of one address, so listeners all polling from the bench's one address
 * were, past the fourth, nobody's new listener: their first polls wrote nothing. The same path
 * always comes from the same address, as one listener's polls do.
 */
function ownAddressHeaders(path: string): Record<string, string> {
  // FNV-1a over the path, cut to 24 bits: an address in 10.0.0.0/8.
  let hash = 0x811c9dc5;
  for (let index = 0; index < path.length; index++) {
    hash = Math.imul(hash ^ path.charCodeAt(index), 0x01000193);
  }
  const host = (hash >>> 0) & 0xffffff;
  return { 'x-forwarded-for': `10.${host >>> 16}.${(host >>> 8) & 255}.${host & 255}` };
}

/** The headers a request of `path` carries: the load's own, and its address when it has one. */
export function headersFor(
  load: { headers?: Record<string, string>; ownAddresses?: boolean },
  path: string,
): Record<string, string> | undefined {
  return load.ownAddresses ? { ...load.headers, ...ownAddressHeaders(path) } : load.headers;
}
