/**
 * Query strings hold plain strings, as in `/playlist?p=123`. The router's default serializer reads
 * values as JSON (`p=123` would become a number) and quotes strings that look like JSON, which
 * would change the site's URLs; these keep every value a string.
 */
export function parseSearch(search: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const [pair] = new URLSearchParams(part);
    if (!pair) continue;
    const [key, value] = pair;
    // A key written alone (`&shuffle`) is a switch that is on. Read as an empty value it would
    // be left out when the router writes the address back, so the router would take the page
    // without it for the page with it, and a navigation that turns the switch off for no change.
    values[key] = part.includes('=') ? value : 'true';
  }
  return values;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
