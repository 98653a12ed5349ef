import { API_PREFIX, calls, type CallDefinition } from '@fansite/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client.ts';
import { buildTestApp } from './test-support/app.ts';
import { testEngines } from './test-support/database.ts';
import { createTestUser, grantStaff, type TestUser } from './test-support/firebase-users.ts';

/**
 * Generated bad input for every call of the contract: requests are derived from `calls`, so a
 * call added to the contract is covered here without a new test (and a call whose route is not
 * registered yet must still answer with a 404 envelope). Whatever arrives, the answer is the
 * envelope, its status equals its code, nothing is a 5xx, and a refused request changes nothing.
 */

/** Runs per call and engine: enough to reach each call often, few enough to stay a few seconds. */
const RUNS_PER_CALL = Number(process.env.BAD_INPUT_RUNS_PER_CALL ?? 30);
const RUNS = RUNS_PER_CALL * Object.keys(calls).length;

/** A path segment no answer may repeat. */
const ECHO_MARKER = 'echo-marker-7f3a';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The fields a call's input schema knows, each with its schemas, read from the zod schema. */
function fieldSchemasOf(
  schema: unknown,
  fields = new Map<string, z.ZodType[]>(),
  seen = new Set<unknown>(),
): Map<string, z.ZodType[]> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return fields;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return fields;
  if (def.shape && typeof def.shape === 'object') {
    for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      fields.set(name, [...(fields.get(name) ?? []), field]);
    }
  }
  for (const key of ['options', 'in', 'out', 'innerType', 'schema', 'left', 'right']) {
    const inner = def[key];
    for (const part of Array.isArray(inner) ? inner : [inner]) fieldSchemasOf(part, fields, seen);
  }
  return fields;
}

const awkwardText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n',
  'line\nbreak',
  '\t',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u202eevil',
  '\ufeff',
  '\ud800',
  '💥🎵',
  'Ω≈ç√',
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '__proto__',
  'constructor',
  'null',
  'true',
  '-1',
  '1e308',
  'NaN',
  '[]',
  '{}',
  'abcdefghijk',
  'new',
  'https://www.youtube.com/@x',
  'https://x.example/\r\nSet-Cookie: a=b',
  'javascript:alert(1)',
  'fan@example.com',
);

/**
 * Values that some field of some call accepts: with these most fields pass, so a request gets as
 * far as the database, where the one awkward value beside them must still be refused cleanly.
 */
const PLAUSIBLE = [
  'abcdefghijk',
  'new',
  'network',
  'fan@example.com',
  'https://www.youtube.com/@fan',
  'song-report',
  'bug-report',
  'request-song',
  'Yes',
  'ASC',
  'title',
  'artist',
  'true',
  '10',
  'alice',
  'fan#1234',
  'listener-12345678',
  'A message long enough.',
  'favorite',
  'DESC',
  'date_added',
  'No',
  'other',
  '1',
];
const plausibleText = fc.constantFrom(...PLAUSIBLE);

/** NUL most often: PostgreSQL cannot store it, so it is what reaches furthest when let through. */
const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u0000',
  '\u0000',
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\r\n',
  '\t',
);

/** A value for one field: one its schema accepts, now and then something awkward. */
const valueFor = (accepted: string[]) =>
  fc.oneof(
    { weight: 19, arbitrary: accepted.length ? fc.constantFrom(...accepted) : plausibleText },
    { weight: 1, arbitrary: awkwardValue(accepted) },
  );

/** Something awkward, often an accepted value with a control character put in it. */
const awkwardValue = (accepted: string[]) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          accepted.length ? fc.constantFrom(...accepted) : plausibleText,
          controlCharacter,
          fc.nat(),
        )
        .map(([text, control, at]) => {
          const index = at % (text.length + 1);
          return text.slice(0, index) + control + text.slice(index);
        }),
    },
    { weight: 2, arbitrary: fieldValue },
  );

const fieldValue = fc.oneof(
  { weight: 3, arbitrary: plausibleText },
  { weight: 3, arbitrary: awkwardText },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(5_000, 70_000).map((length) => 'x'.repeat(length)),
  },
);

const hosts = fc.constantFrom(
  'localhost:8080',
  'www.nightcore.example',
  'fm.localhost',
  'alice.slowedreverb.localhost:8080',
  'evil.example',
  '127.0.0.1',
  '[::1]:8080',
  'localhost:99999',
  'a.b.c.d.e.localhost',
  `${'a'.repeat(300)}.example`,
  'xn--bcher-kva.example',
  '-.-',
);

type BodyKind = 'urlencoded' | 'multipart' | 'broken-multipart' | 'json' | 'text' | 'none';

interface GeneratedRequest {
  callName: string;
  method: Method;
  fields: [string, string][];
  querySuffix: string;
  bodyKind: BodyKind;
  token: 'none' | 'valid' | 'garbage' | 'query';
  host: string;
  crossSite: boolean;
}

const callNames = Object.keys(calls);

const generatedRequest = fc.constantFrom(...callNames).chain((callName) => {
  const call = (calls as Record<string, CallDefinition>)[callName]!;
  const schemas = fieldSchemasOf(call.input);
  const known = [...schemas.keys()];
  const accepted = (name: string) =>
    PLAUSIBLE.filter((value) =>
      schemas.get(name)!.some((schema) => schema.safeParse(value).success),
    );
  const extraName = fc.oneof(
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'firebase_auth_token') },
    ...(known.length ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : []),
  );
  // Most requests are well-formed but for one field (the classic mutation: the other fields pass,
  // so the bad one is what the server meets); optional fields come and go, extra fields and known
  // ones a second time are added now and then.
  // Free-text fields (those that take most plausible values) are mutated most: with everything
  // else valid, they are what carries a bad character as far as the database.
  const isFreeText = (name: string) => accepted(name).length > PLAUSIBLE.length / 2;
  const mutation = known.length
    ? fc.option(
        fc
          .oneof(
            ...known.map((name) => ({
              weight: isFreeText(name) ? 4 : 1,
              arbitrary: fc.constant(name),
            })),
          )
          .chain((name) => awkwardValue(accepted(name)).map((value) => [name, value] as const)),
        { freq: 8 },
      )
    : fc.constant(null);
  const fields = fc
    .tuple(
      fc.tuple(
        ...known.map((name) =>
          fc.option(valueFor(accepted(name)), { freq: 6 }).map((value) => [name, value] as const),
        ),
      ),
      mutation,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([] as [string, string][]) },
        { weight: 1, arbitrary: fc.array(fc.tuple(extraName, fieldValue), { maxLength: 2 }) },
      ),
    )
    .map(([knownFields, mutated, extra]) => [
      ...knownFields.flatMap(([name, value]) => {
        if (mutated && mutated[0] === name) return [[name, mutated[1]] as [string, string]];
        return value === null ? [] : [[name, value] as [string, string]];
      }),
      ...extra,
    ]);
  return fc.record({
    callName: fc.constant(callName),
    method: fc.oneof(
      { weight: 15, arbitrary: fc.constant(call.method as Method) },
      { weight: 1, arbitrary: fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE', 'PATCH') },
    ),
    // Missing fields (fewer than known), extra ones, and fields sent twice all come out of this.
    fields,
    querySuffix: fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom('&%ZZ=1', '&a=%E0%A4%A', '&&&', '&=x', '&s') },
    ),
    bodyKind: fc.constantFrom<BodyKind>(
      'multipart',
      'urlencoded',
      'multipart',
      'broken-multipart',
      'json',
      'text',
      'none',
    ),
    token: fc.constantFrom<GeneratedRequest['token']>('none', 'valid', 'valid', 'garbage', 'query'),
    host: hosts,
    crossSite: fc
      .boolean()
      .chain((cross) => (cross ? fc.boolean() : fc.constant(false)))
      .chain((cross) => (cross ? fc.boolean() : fc.constant(false))),
  });
});

function multipartBody(fields: [string, string][], broken: boolean) {
  const boundary = 'generated-boundary';
  const parts = fields
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${encodeURIComponent(name)}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: broken ? parts.slice(0, Math.max(0, parts.length - 3)) : `${parts}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function toInjectOptions(request: GeneratedRequest, user: TestUser) {
  const call = (calls as Record<string, CallDefinition>)[request.callName]!;
  const encoded = new URLSearchParams(request.fields).toString();
  const headers: Record<string, string> = { host: request.host };
  if (request.token === 'valid') headers.authorization = `Bearer ${user.idToken}`;
  if (request.token === 'garbage') headers.authorization = 'Bearer not-a-token';
  if (request.crossSite) {
    headers.origin = 'https://evil.example';
    headers['sec-fetch-site'] = 'cross-site';
  }
  const tokenField = request.token === 'query' ? `&firebase_auth_token=${user.idToken}` : '';

  const inQuery = request.method === 'GET' || call.inputKind === 'query';
  const url = `${API_PREFIX}${call.path}?${inQuery ? encoded : ''}${tokenField}${request.querySuffix}`;
  if (inQuery || request.method === 'GET' || request.bodyKind === 'none') {
    return { method: request.method, url, headers };
  }
  switch (request.bodyKind) {
    case 'urlencoded':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return { method: request.method, url, headers, payload: encoded };
    case 'json':
      headers['content-type'] = 'application/json';
      return {
        method: request.method,
        url,
        headers,
        payload: JSON.stringify(Object.fromEntries(request.fields)),
      };
    case 'text':
      headers['content-type'] = 'text/plain';
      return { method: request.method, url, headers, payload: encoded };
    default: {
      const { payload, contentType } = multipartBody(
        request.fields,
        request.bodyKind === 'broken-multipart',
      );
      headers['content-type'] = contentType;
      return { method: request.method, url, headers, payload };
    }
  }
}

describe.each(testEngines())('generated bad input to every call on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let user: TestUser;
  let fingerprintQuery: ReturnType<typeof sql.raw>;

  beforeAll(async () => {
    harness = await buildTestApp(engine, { contactPerMinute: 1_000_000 });
    user = await createTestUser();
    // On the team, so the staff calls' input is read rather than refused at the door.
    await grantStaff(harness.database, user.email);
    // The user's row exists before the run: a valid token on a refused call then changes nothing.
    await harness.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/favorite/getall`,
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    // Every table of the schema, including tables added after this test was written.
    const tables = await queryRows(
      harness.database.db,
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      z.object({ table_name: z.string() }),
    );
    fingerprintQuery = sql.raw(
      `SELECT ${tables
        .map(
          ({ table_name: table }) =>
            `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM "${table}" t) AS "${table}"`,
        )
        .join(', ')}`,
    );
  });
  afterAll(() => harness.close());

  const fingerprint = async () =>
    (await queryRows(harness.database.db, fingerprintQuery, z.record(z.string(), z.string())))[0];

  it(
    'answers every generated request with the envelope, no 5xx, and a refusal stores nothing',
    // Each call adds its runs: the limit grows with the contract rather than with guesses.
    { timeout: Math.max(120_000, RUNS * 150) },
    async () => {
      const seen = new Map<number, number>();
      // The tables as the last refusal left them: equal to what they were before it, so they are
      // what the next request starts from too (fingerprinting every table costs more than the
      // request; most generated requests are refused).
      let unchangedSince: Record<string, string> | undefined;
      await fc.assert(
        fc.asyncProperty(generatedRequest, async (request) => {
          // Radio polls that went through leave heartbeats for a batch written once a second:
          // written now, so the comparison below sees only what this request changed.
          await harness.app.radio.flush();
          const before = unchangedSince ?? (await fingerprint());
          unchangedSince = undefined;
          const response = await harness.app.inject(toInjectOptions(request, user));
          seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);

          expect(response.statusCode).toBeLessThan(500);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          const body = response.json() as Record<string, unknown>;
          expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
          expect(body.code).toBe(response.statusCode);
          expect(typeof body.message).toBe('string');
          expect(response.body).not.toContain(user.idToken);
          if (response.statusCode >= 400) {
            expect(body.data).toBeNull();
            expect(await fingerprint()).toEqual(before);
            unchangedSince = before;
          }
        }),
        { numRuns: RUNS },
      );
      // The run reached both sides: refusals, and calls that went through.
      expect(seen.get(200) ?? 0).toBeGreaterThan(0);
      expect([...seen.keys()].some((status) => status >= 400)).toBe(true);
    },
  );

  it('answers unknown paths and methods under the API with the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc
            .stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/)
            // "." and ".." (also spelt %2e) are dot segments: URL parsing resolves them, so
            // "/api/../x" is the page "/x", outside the API and rightly answered with HTML.
            .filter((segment) => !/^(?:\.|%2e){1,2}$/i.test(segment)),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        hosts,
        async (segments, method, host) => {
          const response = await harness.app.inject({
            method: method as Method,
            url: `${API_PREFIX}/${segments.join('/')}/${ECHO_MARKER}`,
            headers: { host },
          });
          expect(response.statusCode).toBeLessThan(500);
          if (method !== 'HEAD') {
            expect(response.json()).toMatchObject({ code: response.statusCode });
          }
          expect(response.body).not.toContain(ECHO_MARKER);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
