import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/app.ts';
import { makeTone, multipartWithFiles } from '../../test-support/audio.ts';
import {
  createTestUser,
  grantSubscriber,
  type TestUser,
} from '../../test-support/firebase-users.ts';

const CONVERT = '/api/v1/make/convert';
/** Long enough for a small conversion's upload, short enough for the test to see it cut off. */
const REQUEST_TIMEOUT_MS = 2_000;

/**
 * An upload over a real connection, sent a part at a time, as a browser on a slow or failing
 * network sends it. The form declares its full length, so the server waits for the rest.
 */
function openUpload(port: number, user: TestUser, form: ReturnType<typeof multipartWithFiles>) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.write(
    [
      `POST ${CONVERT} HTTP/1.1`,
      'Host: localhost',
      `Authorization: Bearer ${user.idToken}`,
      `Content-Type: ${form.headers['content-type']}`,
      `Content-Length: ${form.payload.length}`,
      '',
      '',
    ].join('\r\n'),
  );
  return {
    send: (bytes: Buffer) => new Promise<void>((resolve) => socket.write(bytes, () => resolve())),
    /** The client goes away: the browser tab is closed, the phone loses its network. */
    abort: () => socket.destroy(),
    /** What the server answered before it closed the connection. */
    closed,
  };
}

describe('an upload that does not finish gives its place back', () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let folder: string;
  let subscriber: TestUser;
  let port: number;
  let form: ReturnType<typeof multipartWithFiles>;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'maker-upload-ends-'));
    harness = await buildTestApp('pglite', {
      // Two places, as on a two-core server: two stuck uploads would lock everyone out.
      maker: {
        folder: path.join(folder, 'maker'),
        concurrency: 1,
        queueLength: 1,
        limits: { dailyPerPerson: 1000, atOncePerPerson: 2 },
      },
      timeouts: { requestMs: REQUEST_TIMEOUT_MS, headersMs: REQUEST_TIMEOUT_MS, idleMs: 60_000 },
    });
    subscriber = await createTestUser();
    await grantSubscriber(harness.database, subscriber.email);
    const address = await harness.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(address).port);
    // Over a megabyte, so the server has written some of the file when the upload stops.
    const tone = await readFile(await makeTone(folder, 'wav', { seconds: 6 }));
    form = multipartWithFiles({ speed: '25' }, [
      { field: 'file', fileName: 'tone.wav', content: tone },
    ]);
  }, 60_000);
  afterAll(async () => {
    await harness.close();
    await rm(folder, { recursive: true, force: true });
  });

  const workFiles = () => readdir(path.join(folder, 'maker', 'work')).catch(() => []);
  const fileStart = () => form.payload.indexOf('\r\n\r\n', form.payload.indexOf('filename=')) + 4;

  async function convertsAgain() {
    // The place comes back when the server has seen the connection go: ask until it has.
    await expect
      .poll(
        async () => {
          const response = await harness.app.inject({
            method: 'POST',
            url: CONVERT,
            payload: form.payload,
            headers: { ...form.headers, authorization: `Bearer ${subscriber.idToken}` },
          });
          return response.json().message as string;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe('Your song has been converted!');
    expect(await workFiles()).toEqual([]);
  }

  const stopPoints: [string, () => number][] = [
    ['before the body', () => 0],
    ['in the form fields', () => 40],
    ['just after the file began', () => fileStart() + 10],
    ['past the first 64 KB of the file', () => fileStart() + 300_000],
  ];

  it.each(stopPoints)('when the client goes away %s', async (_name, stopAt) => {
    // Both places are taken by uploads that stop at the same point and never come back.
    const clients = [openUpload(port, subscriber, form), openUpload(port, subscriber, form)];
    for (const client of clients) await client.send(form.payload.subarray(0, stopAt()));
    if (stopAt() > fileStart()) await expect.poll(async () => (await workFiles()).length).toBe(2);
    for (const client of clients) {
      client.abort();
      await client.closed;
    }
    await convertsAgain();
  });

  it('when the server cuts off an upload that takes too long (408)', async () => {
    const clients = [openUpload(port, subscriber, form), openUpload(port, subscriber, form)];
    for (const client of clients)
      await client.send(form.payload.subarray(0, fileStart() + 300_000));
    await expect.poll(async () => (await workFiles()).length).toBe(2);
    // The clients send nothing more: the request timeout closes their connections.
    for (const client of clients) expect(await client.closed).toMatch(/^HTTP\/1\.1 408 /);
    await convertsAgain();
  });

  it('when the server closes while an upload is arriving', async () => {
    const client = openUpload(port, subscriber, form);
    await client.send(form.payload.subarray(0, fileStart() + 300_000));
    await expect.poll(async () => (await workFiles()).length).toBe(1);
    await harness.app.close();
    await client.closed;
    await expect.poll(workFiles).toEqual([]);
  });
});
