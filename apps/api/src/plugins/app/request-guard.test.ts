import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipart } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';
import { createTestUser, type TestUser } from '../../test-support/firebase-users.ts';

const contactForm = {
  topic: 'bug-report',
  email: 'visitor.private@example.com',
  discord: 'private-discord-name',
  youtube_url: 'https://www.youtube.com/@visitor',
  message: 'A private message about the site.',
};

const CONTACT = '/api/v1/contact/request';

describe.each(testEngines())('bad input to every call on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  const logLines: string[] = [];
  let user: TestUser;

  beforeAll(async () => {
    harness = await buildTestApp(engine, {
      contactPerMinute: 1000,
      publicUrls: [
        'https://www.nightcore.example',
        'https://slowedreverb.example',
        'https://nightcore.co.uk',
      ].map((origin) => new URL(origin)),
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
    user = await createTestUser();
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    await harness.database.db.execute(sql`TRUNCATE contact_requests`);
  });

  const storedCount = async () =>
    Number(
      (
        (await harness.database.db.execute(
          sql`SELECT count(*) AS count FROM contact_requests`,
        )) as unknown as { rows: { count: number | string }[] }
      ).rows[0]!.count,
    );

  const postContact = (payload: string, contentType: string, headers = {}) =>
    harness.app.inject({
      method: 'POST',
      url: CONTACT,
      payload,
      headers: { 'content-type': contentType, ...headers },
    });

  describe('malformed bodies', () => {
    const boundary = 'fansite-boundary';
    const malformed = [
      ['no boundary at all', 'multipart/form-data', 'x'],
      [
        'a boundary but no closing line',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="topic"\r\n\r\nsong-report`,
      ],
      [
        'a body cut off inside a part header',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-da`,
      ],
    ] as const;

    it.each(malformed)('answers %s with a 400 envelope and stores nothing', async (...args) => {
      const [, contentType, payload] = args;
      for (const url of [CONTACT, '/api/v1/favorite/add']) {
        const response = await harness.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, authorization: `Bearer ${user.idToken}` },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 400,
          message: 'The form data is malformed.',
          data: null,
        });
      }
      expect(await storedCount()).toBe(0);
    });

    it('answers a body in a type no call takes with 415', async () => {
      for (const contentType of ['application/json', 'text/plain', 'application/xml']) {
        const response = await postContact(JSON.stringify(contactForm), contentType);
        expect(response.statusCode).toBe(415);
        expect(response.json()).toMatchObject({ code: 415, data: null });
      }
      expect(await storedCount()).toBe(0);
    });
  });

  describe('control characters', () => {
    it('refuses NUL in a search with a 400 that says what is wrong', async () => {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/api/v1/song/search?s=%00',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: 'Invalid request: s: Write this on one line, without control characters.',
        data: null,
      });
    });

    it('refuses NUL anywhere in a contact request and stores nothing', async () => {
      for (const field of ['email', 'discord', 'message', 'youtube_url'] as const) {
        const { payload, headers } = multipart({
          ...contactForm,
          [field]: `${contactForm[field]}\u0000`,
        });
        const response = await harness.app.inject({
          method: 'POST',
          url: CONTACT,
          payload,
          headers,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(`${field}: `);
      }
      expect(await storedCount()).toBe(0);
    });

    it('refuses a link with CR/LF rather than storing a trimmed one', async () => {
      const { payload, headers } = multipart({
        ...contactForm,
        youtube_url: 'https://www.youtube.com/@visitor\r\n',
      });
      const response = await harness.app.inject({ method: 'POST', url: CONTACT, payload, headers });
      expect(response.json()).toEqual({
        code: 400,
        message:
          'Invalid request: youtube_url: Write this on one line, without control characters.',
        data: null,
      });
      expect(await storedCount()).toBe(0);
    });

    it('keeps line breaks and tabs in a message as they were sent', async () => {
      const message = 'First line\r\nSecond line\twith a tab';
      const { payload, headers } = multipart({ ...contactForm, message });
      const response = await harness.app.inject({ method: 'POST', url: CONTACT, payload, headers });
      expect(response.statusCode).toBe(200);
      const rows = (await harness.database.db.execute(
        sql`SELECT message FROM contact_requests`,
      )) as unknown as { rows: { message: string }[] };
      expect(rows.rows).toEqual([{ message }]);
    });
  });

  it('never writes what a visitor sent into the log when a query fails', async () => {
    await harness.database.db.execute(
      sql`ALTER TABLE contact_requests RENAME TO contact_requests_away`,
    );
    try {
      const { payload, headers } = multipart(contactForm);
      const response = await harness.app.inject({ method: 'POST', url: CONTACT, payload, headers });
      expect(response.json()).toEqual({
        code: 500,
        message: 'Something went wrong on our side. Please try again later.',
        data: null,
      });
    } finally {
      await harness.database.db.execute(
        sql`ALTER TABLE contact_requests_away RENAME TO contact_requests`,
      );
    }
    const log = logLines.join('');
    expect(log).toContain('request failed');
    // The failing SQL is there to debug with, its parameters are not.
    expect(log).toContain('insert into');
    for (const value of Object.values(contactForm).filter((value) => value !== 'bug-report')) {
      expect(log).not.toContain(value);
    }
  });

  describe('fields sent twice', () => {
    it('says which field, in a query', async () => {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/api/v1/song/search?s=a&s=b',
      });
      expect(response.json()).toEqual({
        code: 400,
        message: 'Invalid request: s: send this field only once',
        data: null,
      });
    });

    it('says which field, in url-encoded and multipart forms', async () => {
      const urlencoded = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/favorite/add',
        payload: 's=abcdefghijk&s=bcdefghijkl',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${user.idToken}`,
        },
      });
      expect(urlencoded.json().message).toBe('Invalid request: s: send this field only once');
      const boundary = 'twice';
      const response = await postContact(
        `--${boundary}\r\nContent-Disposition: form-data; name="topic"\r\n\r\nsong-report\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nabc\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\ndef\r\n` +
          `--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      );
      expect(response.json().message).toBe('Invalid request: message: send this field only once');
      expect(await storedCount()).toBe(0);
    });
  });

  describe('requests from other websites', () => {
    const report = multipart({ topic: 'song-report', message: 'abcdefghijk: forged' });
    const forged = [
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['an Origin of another site', { origin: 'https://evil.example' }],
      ['an opaque Origin', { origin: 'null' }],
      ['an Origin of the other brand', { origin: 'https://www.slowedreverb.example' }],
    ] as const;

    it.each(forged)('refuses a POST with %s and stores nothing', async (_name, extra) => {
      const response = await harness.app.inject({
        method: 'POST',
        url: CONTACT,
        payload: report.payload,
        headers: { ...report.headers, host: 'www.nightcore.example', ...extra },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 403,
        message: 'Requests from other websites are not accepted.',
        data: null,
      });
      expect(await storedCount()).toBe(0);
    });

    it('accepts the sites of its own deployment, and clients that are no browser', async () => {
      const allowed = [
        { 'sec-fetch-site': 'same-origin', origin: 'https://www.nightcore.example' },
        { 'sec-fetch-site': 'same-site', origin: 'https://fm.nightcore.example' },
        { origin: 'https://alice.nightcore.example' },
        {},
      ];
      for (const extra of allowed) {
        const response = await harness.app.inject({
          method: 'POST',
          url: CONTACT,
          payload: report.payload,
          headers: { ...report.headers, host: 'www.nightcore.example', ...extra },
        });
        expect(response.statusCode).toBe(200);
      }
      expect(await storedCount()).toBe(allowed.length);
    });

    it('refuses a POST from another site under the same public suffix (co.uk)', async () => {
      // Without fetch metadata only the Origin tells: it shares `co.uk` with the site, no more.
      for (const origin of [
        'https://evil.co.uk',
        'https://nightcore.evil.co.uk',
        'http://nightcore.co.uk',
      ]) {
        const response = await harness.app.inject({
          method: 'POST',
          url: CONTACT,
          payload: report.payload,
          headers: { ...report.headers, host: 'nightcore.co.uk', origin },
        });
        expect(response.statusCode, origin).toBe(403);
      }
      expect(await storedCount()).toBe(0);
      const own = await harness.app.inject({
        method: 'POST',
        url: CONTACT,
        payload: report.payload,
        headers: {
          ...report.headers,
          host: 'nightcore.co.uk',
          origin: 'https://fm.nightcore.co.uk',
        },
      });
      expect(own.statusCode).toBe(200);
    });

    it('still answers reads from anywhere', async () => {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/api/v1/playlist/all',
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('headers', () => {
    it('keeps answers about a signed-in person out of every cache', async () => {
      const personal = await harness.app.inject({
        method: 'GET',
        url: '/api/v1/favorite/getall',
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(personal.statusCode).toBe(200);
      expect(personal.headers['cache-control']).toBe('no-store');
      const withFavourite = await harness.app.inject({
        method: 'GET',
        url: '/api/v1/song/get?s=abcdefghijk&p=new',
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(withFavourite.headers['cache-control']).toBe('no-store');
      // Whatever the answer and however the token came: a refusal, a token in the query, HEAD.
      const refused = await harness.app.inject({ method: 'GET', url: '/api/v1/favorite/getall' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
      for (const method of ['GET', 'HEAD'] as const) {
        const byQuery = await harness.app.inject({
          method,
          url: `/api/v1/favorite/getall?firebase_auth_token=${user.idToken}`,
        });
        expect(byQuery.statusCode).toBe(200);
        expect(byQuery.headers['cache-control']).toBe('no-store');
      }
      const publicAnswer = await harness.app.inject({ method: 'GET', url: '/api/v1/playlist/all' });
      expect(publicAnswer.headers['cache-control']).not.toBe('no-store');
    });

    it('sends pages a Permissions-Policy that leaves the YouTube player what it needs', async () => {
      for (const url of ['/', '/playlists']) {
        const policy = (await harness.app.inject({ method: 'GET', url })).headers[
          'permissions-policy'
        ];
        expect(policy).toContain('camera=()');
        expect(policy).toContain('autoplay=(self "https://www.youtube-nocookie.com"');
      }
    });

    it("sends the API's answers a policy for data: nothing in them loads, runs or is framed", async () => {
      for (const url of ['/api/v1/playlist/all', '/api/v1/nothing']) {
        const { headers } = await harness.app.inject({ method: 'GET', url });
        expect(headers['content-security-policy']).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['strict-transport-security']).toMatch(/^max-age=/);
        // A page's policies mean nothing on data, and cost every call half a kilobyte.
        expect(headers['permissions-policy']).toBeUndefined();
      }
    });
  });
});
