import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fakeIframeApi } from '@fansite/playwright-config/fake-youtube';

const execFileAsync = promisify(execFile);

/** The host whose IFrame API script the song page and the radio load. */
const YOUTUBE_HOST = 'www.youtube.com';

/**
 * YouTube cannot be reached from here, and a page whose player cannot load shows "YouTube cannot
 * be reached right now." late, as its largest text: the song page would be measured failing. This
 * serves the end-to-end tests' fake player as `https://www.youtube.com/iframe_api` (a throw-away
 * self-signed certificate; Chromium is pointed at it with `chromiumFlags`), so the page is
 * measured as a visitor with YouTube sees it, less YouTube's own script and player.
 */
export async function startYouTubeStandIn() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'fansite-youtube-stand-in-'));
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  await execFileAsync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${YOUTUBE_HOST}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  const server = createServer(
    { key: await readFile(key), cert: await readFile(cert) },
    (request, response) => {
      if (request.url === '/iframe_api') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(fakeIframeApi);
      } else {
        response.writeHead(404).end();
      }
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Sends Chromium's requests for YouTube's host here, and accepts the certificate. */
    chromiumFlags: [
      `--host-resolver-rules="MAP ${YOUTUBE_HOST} 127.0.0.1:${port}"`,
      '--ignore-certificate-errors',
    ],
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await rm(folder, { recursive: true, force: true });
    },
  };
}
