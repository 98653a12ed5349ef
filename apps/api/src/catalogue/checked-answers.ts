/**
 * How the catalogue marks the answers it builds from rows it checked against the contract, so
 * that the HTTP serializer (`plugins/app/serializer.ts`) sends them without a second check. Plain
 * data and functions: the catalogue knows nothing of HTTP.
 */

/**
 * Writes checked data's JSON between the envelope's `head` (`{"code":...,"data":`) and `tail`, as
 * one flat string.
 */
export type JsonWriter = (head: string, tail: string) => string;

/**
 * What checked data carries for the serializer: how to write its JSON (when the catalogue can
 * do better than JSON.stringify), and once sent with the usual code and message, the envelope.
 */
export interface CheckedJson {
  write: JsonWriter | null;
  okEnvelope: string | Buffer | null;
}

/**
 * Answers the catalogue's serving copy builds from rows it checked against the contract when it
 * was built carry this property: sending them needs JSON.stringify at most, not a second check of
 * every field. A symbol, and not enumerable, so neither JSON.stringify nor a spread copy (which
 * may add fields) sees it. A property rather than a weak map entry: thousands of answers a second
 * are built per request, and weak map entries cost the collector far more than a property.
 */
const checkedJson = Symbol('checkedJson');

/**
 * Marks an answer as built by the catalogue from checked rows, in exactly the contract's shape
 * (`catalogue-snapshot.test.ts` holds it to the schemas). Such objects are never changed.
 */
export function alreadyChecked<T extends object>(data: T): T {
  return alreadyCheckedWithJson(data, null);
}

/**
 * Like `alreadyChecked`, with a writer of the data's JSON: the catalogue keeps each song's JSON
 * as bytes, so an answer listing songs is copied together from them instead of stringified song
 * by song. The writer must write exactly `JSON.stringify(data)`; it writes at every send, and
 * the JSON is not kept on the data.
 */
export function alreadyCheckedWithJson<T extends object>(data: T, write: JsonWriter | null): T {
  return carrying(data, { write, okEnvelope: null });
}

/** How the usual envelope (`ok(data)`: code 200, no message) is written around its data. */
export const OK_ENVELOPE_HEAD = '{"code":200,"message":"","data":';
export const OK_ENVELOPE_TAIL = '}';

/**
 * Like `alreadyChecked`, with the bytes of its usual envelope (`OK_ENVELOPE_HEAD`, the data's
 * JSON, `OK_ENVELOPE_TAIL`), written when the catalogue's copy was built.
 */
export function alreadySent<T extends object>(data: T, okEnvelope: Buffer): T {
  return carrying(data, { write: null, okEnvelope });
}

function carrying<T extends object>(data: T, carried: CheckedJson): T {
  Object.defineProperty(data, checkedJson, { value: carried });
  return data;
}

export function checkedOf(data: object): CheckedJson | undefined {
  return (data as { [checkedJson]?: CheckedJson })[checkedJson];
}
