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
    const json = checkedData.has(payload.data) ? JSON.stringify(payload) : serialize(payload);
    serialized.set(payload.data, { code: payload.code, message: payload.message, json });
    return json;
  };
};
