/**
 * Query strings hold plain strings, as in `/playlist?p=123`. The router's default serializer reads
 * values as JSON (`p=123` would become a number) and quotes strings that look like JSON, which
 * would change the site's URLs; these keep every value a string.
 */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
