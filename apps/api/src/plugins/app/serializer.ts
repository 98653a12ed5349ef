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
 * Zod's serializer checks every answer against the call's schema before it stringifies it. The
 * catalogue's reads come from its in-memory cache as the very same objects, request after request,
 * so the checked JSON of an envelope is kept per data object: a cached 250-song playlist costs a
 * lookup instead of a full check. Repositories never change an object once they have returned it.
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
    const json = serialize(payload);
    serialized.set(payload.data, { code: payload.code, message: payload.message, json });
    return json;
  };
};
