import type { SearchSchemaInput } from '@tanstack/react-router';

/** Query keys that are on or off (`&shuffle`) rather than holding a value. */
const SWITCHES = new Set(['shuffle']);

/**
 * Query strings hold plain strings, as in `/playlist?p=123`. The router's default serializer reads
 * values as JSON (`p=123` would become a number) and quotes strings that look like JSON, which
 * would change the site's URLs; these keep every value a string.
 */
export function parseSearch(search: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    // A switch written alone (`&shuffle`) is on. Read as an empty value it would be left out
    // when the router writes the address back, so the router would take the page without it for
    // the page with it, and a navigation that turns the switch off for no change. Any other key
    // written alone (`/search?q`) has no value: it is not the word "true".
    if (equals === -1) {
      const key = decodeComponent(part);
      values[key] = SWITCHES.has(key) ? 'true' : '';
    } else values[decodeComponent(part.slice(0, equals))] = decodeComponent(part.slice(equals + 1));
  }
  return values;
}

/**
 * One key or value as a query string writes it (`+` for a space, %-escapes). The router parses
 * every link's address as it renders it, so the common case, nothing to decode, is a quick test;
 * a malformed escape is read as URLSearchParams reads it (kept as written).
 */
function decodeComponent(text: string): string {
  if (!/[%+]/.test(text)) return text;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return new URLSearchParams(`v=${text}`).get('v') ?? text;
  }
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * What a route's `validateSearch` receives: from an address every value is a string; from the app's
 * own navigate or Link, the typed value. Route validators read it with the functions below, which
 * answer undefined for anything they cannot use (the page then shows its default or its 404 view).
 * They are plain functions rather than schemas so that no schema library loads with the pages.
 */
export type SearchInput<Search> = { [Key in keyof Search]?: Search[Key] | string } &
  // Marks the parameter as the route's input type: links may leave out what the validator fills in.
  SearchSchemaInput;

/** A string of at most `maxLength` characters (trimmed when asked), or undefined. */
export function textParam(
  value: unknown,
  { maxLength, trim = false }: { maxLength: number; trim?: boolean },
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = trim ? value.trim() : value;
  return text.length <= maxLength ? text : undefined;
}

/** One of `options`, or undefined. */
export function choiceParam<Option extends string>(
  value: unknown,
  options: readonly Option[],
): Option | undefined {
  return options.find((option) => option === value);
}

/** A whole number from 0 (`12` or `"12"`), or undefined. */
export function countParam(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** A value that passes `accepts` once trimmed (an id), or undefined. */
export function idParam(value: unknown, accepts: (id: string) => boolean): string | undefined {
  const id = typeof value === 'string' ? value.trim() : undefined;
  return id !== undefined && accepts(id) ? id : undefined;
}
