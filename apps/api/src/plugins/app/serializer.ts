import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  checkedOf,
  OK_ENVELOPE_HEAD,
  OK_ENVELOPE_TAIL,
  type CheckedJson,
} from '../../catalogue/checked-answers.ts';

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
