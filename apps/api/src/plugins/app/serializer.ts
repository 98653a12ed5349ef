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
 * What checked data carries for the serializer: its JSON, or how to build it (run on its first
 * send), and once sent with the usual code and message, the whole envelope's JSON.
 */
interface CheckedJson {
  json: string | (() => string) | null;
  okEnvelope: string | null;
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
 * Like `alreadyChecked`, with the data's JSON (or a function assembling it): the catalogue keeps
 * each song's JSON, so an answer listing songs is joined from strings instead of stringified song
 * by song. The JSON must be exactly `JSON.stringify(data)`.
 */
export function alreadyCheckedWithJson<T extends object>(
  data: T,
  json: string | (() => string) | null,
): T {
  const carried: CheckedJson = { json, okEnvelope: null };
  Object.defineProperty(data, checkedJson, { value: carried });
  return data;
}

function checkedOf(data: object): CheckedJson | undefined {
  return (data as { [checkedJson]?: CheckedJson })[checkedJson];
}

function checkedEnvelopeJson(payload: Envelope & { data: object }, checked: CheckedJson): string {
  const usual = payload.code === 200 && payload.message === '';
  if (usual && checked.okEnvelope !== null) return checked.okEnvelope;
  // `ok()` builds envelopes with exactly these keys in this order, as JSON.stringify writes them.
  if (Object.keys(payload).length !== 3) return JSON.stringify(payload);
  const { json } = checked;
  const data =
    json === null ? JSON.stringify(payload.data) : typeof json === 'string' ? json : json();
  const envelope = `{"code":${JSON.stringify(payload.code)},"message":${JSON.stringify(payload.message)},"data":${data}}`;
  // Kept once: the envelope holds the data's JSON, so that is not kept beside it.
  if (usual) {
    checked.okEnvelope = envelope;
    checked.json = null;
  }
  return envelope;
}

/**
 * Zod's serializer checks every answer against the call's schema before it stringifies it. Data
 * marked `alreadyChecked` skips the check and keeps its envelope's JSON: the catalogue's reads
 * come from its in-memory serving copy as the very same objects, request after request, so a
 * 250-song playlist costs a property read instead of a full check. Other data is checked, and its
 * JSON kept per data object for the next request that answers the same one. Repositories never
 * change an object once they have returned it.
 */
export const memoizingSerializerCompiler: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const serialized = new WeakMap<object, { code: unknown; message: unknown; json: string }>();
  return (payload) => {
    if (!isEnvelopeWithObjectData(payload)) return serialize(payload);
    const checked = checkedOf(payload.data);
    if (checked) return checkedEnvelopeJson(payload, checked);
    const known = serialized.get(payload.data);
    if (known && known.code === payload.code && known.message === payload.message) {
      return known.json;
    }
    const json = serialize(payload);
    serialized.set(payload.data, { code: payload.code, message: payload.message, json });
    return json;
  };
};
