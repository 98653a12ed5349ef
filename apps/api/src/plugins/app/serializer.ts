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
 * Answers the catalogue's serving copy builds from rows it checked against the contract when it
 * was built: sending them needs JSON.stringify only, not a second check of every field.
 */
const checkedData = new WeakSet<object>();

/**
 * Marks an answer as built by the catalogue from checked rows, in exactly the contract's shape
 * (`catalogue-snapshot.test.ts` holds it to the schemas). Such objects are never changed.
 */
export function alreadyChecked<T extends object>(data: T): T {
  checkedData.add(data);
  return data;
}

/** The JSON of checked data, or how to build it, given by the catalogue when it is cheaper. */
const dataJson = new WeakMap<object, string | (() => string)>();

/**
 * Like `alreadyChecked`, with the data's JSON (or a function assembling it, run on its first
 * send): the catalogue keeps each song's JSON, so an answer listing songs is joined from strings
 * instead of stringified song by song. The JSON must be exactly `JSON.stringify(data)`.
 */
export function alreadyCheckedWithJson<T extends object>(
  data: T,
  json: string | (() => string),
): T {
  dataJson.set(data, json);
  return alreadyChecked(data);
}

function checkedEnvelopeJson(payload: Envelope & { data: object }): string {
  const json = dataJson.get(payload.data);
  // `ok()` builds envelopes with exactly these keys in this order, as JSON.stringify writes them.
  if (json === undefined || Object.keys(payload).length !== 3) return JSON.stringify(payload);
  return `{"code":${JSON.stringify(payload.code)},"message":${JSON.stringify(payload.message)},"data":${typeof json === 'string' ? json : json()}}`;
}

/**
 * Zod's serializer checks every answer against the call's schema before it stringifies it. The
 * catalogue's reads come from its in-memory serving copy as the very same objects, request after
 * request, so the JSON of an envelope is kept per data object: a 250-song playlist costs a lookup
 * instead of a full check. Data marked `alreadyChecked` skips the check even on its first visit.
 * Repositories never change an object once they have returned it.
 */
export const memoizingSerializerCompiler: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const serialized = new WeakMap<object, { code: unknown; message: unknown; json: string }>();
  return (payload) => {
    if (!isEnvelopeWithObjectData(payload)) return serialize(payload);
    const known = serialized.get(payload.data);
    if (known && known.code === payload.code && known.message === payload.message) {
      return known.json;
    }
    const json = checkedData.has(payload.data) ? checkedEnvelopeJson(payload) : serialize(payload);
    serialized.set(payload.data, { code: payload.code, message: payload.message, json });
    return json;
  };
};
