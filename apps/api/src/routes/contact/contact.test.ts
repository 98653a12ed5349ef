import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipart } from '../../test-support/app.ts';
import { testEngines } from '../../test-support/database.ts';

const validContact = {
  topic: 'bug-report',
  email: 'fan@example.com',
  discord: 'fan#1234',
  youtube_url: 'https://www.youtube.com/@fan',
  message: 'The search box closes too early.',
};

describe.each(testEngines())('contact/request on %s', (engine) => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp(engine, { contactPerMinute: 1000 });
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    await harness.database.db.execute(sql`TRUNCATE contact_requests`);
  });

  const post = (fields: Record<string, string>) =>
    harness.app.inject({ method: 'POST', url: '/api/v1/contact/request', ...multipart(fields) });
  const stored = async () =>
    (
      (await harness.database.db.execute(
        sql`SELECT topic, email, discord, youtube_url, message, remember FROM contact_requests`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;

  it('stores a song report', async () => {
    const response = await post({
      topic: 'song-report',
      message: 'abcdefghijk: video unavailable',
    });
    expect(response.json()).toEqual({
      code: 200,
      message: 'Song reported successfully!',
      data: null,
    });
    expect(await stored()).toEqual([
      {
        topic: 'song-report',
        email: null,
        discord: null,
        youtube_url: null,
        message: 'abcdefghijk: video unavailable',
        remember: null,
      },
    ]);
  });

  it('stores a contact request as text, HTML included', async () => {
    const response = await post({ ...validContact, message: '<img src=x onerror=alert(1)>' });
    expect(response.json()).toEqual({
      code: 200,
      message: 'Your request has been sent successfully!',
      data: null,
    });
    expect(await stored()).toEqual([
      {
        topic: 'bug-report',
        email: 'fan@example.com',
        discord: 'fan#1234',
        youtube_url: 'https://www.youtube.com/@fan',
        message: '<img src=x onerror=alert(1)>',
        remember: null,
      },
    ]);
  });

  it('stores a song request with its remind-me answer and no message', async () => {
    const { message: _message, ...withoutMessage } = validContact;
    const response = await post({ ...withoutMessage, topic: 'request-song', remember: 'Yes' });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toMatchObject([
      { topic: 'request-song', message: null, remember: true },
    ]);
  });

  it.each([
    [
      'a report reason under 3 characters',
      { topic: 'song-report', message: 'ab' },
      'message: Please enter a reason of at least 3 characters.',
    ],
    ['an unknown topic', { ...validContact, topic: 'free-money' }, 'topic: Please choose a topic.'],
    ['a missing email', { ...validContact, email: '' }, 'email: An email address is required.'],
    [
      'a malformed email',
      { ...validContact, email: 'fan@' },
      'email: Enter a valid email address, like name@example.com.',
    ],
    [
      'a missing discord name',
      { ...validContact, discord: ' ' },
      'discord: Please enter your Discord name.',
    ],
    [
      'a YouTube link that is not a URL',
      { ...validContact, youtube_url: 'my channel' },
      'youtube_url: Enter a full link, starting with https://.',
    ],
    [
      'a javascript: link',
      { ...validContact, youtube_url: 'javascript:alert(1)' },
      'youtube_url: Enter a full link, starting with https://.',
    ],
    ['a missing message', { ...validContact, message: '' }, 'message: Please enter a message.'],
    [
      'a song request without the remind-me box',
      { ...validContact, topic: 'request-song', remember: 'No' },
      'remember: Please tick the remind-me box to request a song.',
    ],
    [
      'an over-long message',
      { ...validContact, message: 'x'.repeat(5001) },
      'message: A message has at most 5000 characters.',
    ],
  ])('rejects %s and stores nothing', async (_case, fields, problem) => {
    const response = await post(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: `Invalid request: ${problem}`,
      data: null,
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses files', async () => {
    const boundary = 'b';
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/contact/request',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="topic"\r\n\r\nsong-report\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 413,
      message: 'Files are not accepted here.',
      data: null,
    });
    expect(await stored()).toEqual([]);
  });
});

describe('contact/request rate limit', () => {
  it('answers 429 once an address sends too many requests', async () => {
    const harness = await buildTestApp('pglite', { contactPerMinute: 2 });
    try {
      const send = () =>
        harness.app.inject({
          method: 'POST',
          url: '/api/v1/contact/request',
          ...multipart({ topic: 'song-report', message: 'abcdefghijk: broken' }),
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 429, data: null });
      expect(limited.json().message).toMatch(/^Too many requests\. Please try again in /);
    } finally {
      await harness.close();
    }
  });
});
