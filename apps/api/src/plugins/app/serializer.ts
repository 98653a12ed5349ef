import { serializerCompiler } from 'fastify-type-provider-zod';

type Envelope = { code: unknown; message: unknown; data: unknown };

function isEnvelopeWithObjectData(payload: unknown): payload is Envelope & { data: object } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'data' in payload &&
    typeof payload.data === 'object' &&
    payload.data !== null
  );
}

/**
 * Writes checked data's JSON between the envelope's `head` (`{"code":...,"data":`) and `tail`, as
 * one flat string.
 */
export type JsonWriter = (head: string, tail: string) => string;

/**
 * What checked data carries for the serializer: how to write its JSON (when the catalogue can
 * do better than JSON.stringify), and once sent with the usual code and message, the envelope.
 */
interface CheckedJson {
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

function checkedOf(data: object): CheckedJson | undefined {
  return (data as { [checkedJson]?: CheckedJson })[checkedJson];
}

function checkedEnvelopeJson(
  payload: Envelope & { data: object },
  checked: CheckedJson,
): string | Buffer {
  const usual = payload.code === 200 && payload.message === '';
  if (usual && checked.okEnvelope !== null) return checked.okEnvelope;
  // `ok()` builds envelopes with exactly these keys in this order, as JSON.stringify writes them.
  if (Object.keys(payload).length !== 3) return JSON.stringify(payload);
  const head = usual
    ? OK_ENVELOPE_HEAD
    : `{"code":${JSON.stringify(payload.code)},"message":${JSON.stringify(payload.message)},"data":`;
  const envelope =
    checked.write === null
      ? `${head}${JSON.stringify(payload.data)}${OK_ENVELOPE_TAIL}`
      : checked.write(head, OK_ENVELOPE_TAIL);
  // Kept for data without a writer (lists of playlists, kept as long as the catalogue copy). Data
  // with one is built per request, or kept by the search cache, where 10 KB of JSON per kept
  // search would be promoted with it: it is written again at each send, from the songs' bytes.
  if (usual && checked.write === null) checked.okEnvelope = envelope;
  return envelope;
}

/**
 * Zod's serializer checks every answer against the call's schema before it stringifies it. Data
 * marked `alreadyChecked` skips the check and keeps its envelope's JSON (unless it has a writer,
 * which writes it at each send): the catalogue's reads come from its in-memory serving copy as
 * the very same objects, request after request, so a 250-song playlist costs a property read
 * instead of a full check. Other data is checked, and its JSON kept per data object for the next
 * request that answers the same one. Repositories never change an object once they have
 * returned it.
 */
export const memoizingSerializerCompiler: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const serialized = new WeakMap<object, { code: unknown; message: unknown; json: string }>();
  return (payload) => {
    if (!isEnvelopeWithObjectData(payload)) return serialize(payload);
    const checked = checkedOf(payload.data);
    // Fastify sends a Buffer as it is (the serializer's type says string only).
    if (checked) return checkedEnvelopeJson(payload, checked) as string;
    const known = serialized.get(payload.data);
    if (known && known.code === payload.code && known.message === payload.message) {
      return known.json;
    }
    const json = serialize(payload);
    serialized.set(payload.data, { code: payload.code, message: payload.message, json });
    return json;
  };
};
