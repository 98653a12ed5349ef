import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { MakerError } from './errors.ts';

export interface ReceivedUpload {
  /** The upload on disk; the caller removes it. Null when the form held no file. */
  tempPath: string | null;
  fileName: string;
  size: number;
  fields: Record<string, string>;
}

export interface UploadLimits {
  tempDir: string;
  maxBytes: number;
  /** How the limit is put to people, e.g. "10MB". */
  maxLabel: string;
}

/** Room for the form's boundaries and small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const interrupted = () => new MakerError(400, 'The upload was interrupted. Please try again.');

/**
 * Streams a multipart form's one file to a temporary file. A file over the limit is refused as soon as the limit is crossed (413), not after the
 * whole body has arrived. However the upload ends (refused, cut off by the client or by the
 * server's request timeout), the promise settles and a refused upload leaves nothing on disk.
 */
export function receiveUpload(
  request: IncomingMessage,
  { tempDir, maxBytes, maxLabel }: UploadLimits,
): Promise<ReceivedUpload> {
  const tooLarge = () => new MakerError(413, `The file is larger than ${maxLabel}.`);
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(
      new MakerError(400, 'The file must be sent as multipart/form-data (fields file and speed).'),
    );
  }
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes + FORM_OVERHEAD_BYTES) {
    return Promise.reject(tooLarge());
  }

  // The client went away while the request waited for its turn (the auth check): nothing to read.
  if (request.destroyed) return Promise.reject(interrupted());

  return new Promise((resolve, reject) => {
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { ...request.headers, 'content-type': contentType },
        limits: { files: 1, fileSize: maxBytes, fields: 8, fieldSize: 4096, parts: 10 },
      });
    } catch {
      reject(new MakerError(400, 'The upload is not a valid multipart form.'));
      return;
    }
    const fields: Record<string, string> = {};
    let size = 0;
    let fileName = '';
    let tempPath: string | null = null;
    let fileStream: Readable | null = null;
    let fileWritten: Promise<void> | null = null;
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.unpipe(busboy);
      // Once unpiped, busboy hears nothing more, so the file's stream would never end and the write
      // never settle: it is ended here, which closes the work file so that it can be removed.
      fileStream?.destroy();
      // Whatever is still arriving is read and dropped; the route closes the connection after.
      request.resume();
      const written = fileWritten ?? Promise.resolve();
      void written
        .catch(() => undefined)
        .then(() => (tempPath ? rm(tempPath, { force: true }) : undefined))
        .finally(() => reject(error));
    };

    busboy.on('file', (fieldName, stream, name) => {
      if (settled || fieldName !== 'file') {
        stream.resume();
        fail(new MakerError(400, `Unexpected file field "${fieldName}": send the song as "file".`));
        return;
      }
      fileName = name;
      fileStream = stream;
      tempPath = path.join(tempDir, `${randomUUID()}.upload`);
      stream.on('limit', () => fail(tooLarge()));
      const writer = createWriteStream(tempPath, { flags: 'wx' });
      fileWritten = pipeline(
        stream,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            if (settled) throw new Error('upload refused');
            size += chunk.length;
            yield chunk;
          }
        },
        writer,
      );
      fileWritten.catch(() => fail(interrupted()));
    });
    busboy.on('field', (fieldName, value) => {
      fields[fieldName] = value;
    });
    busboy.on('filesLimit', () => fail(new MakerError(400, 'Send one file at a time.')));
    busboy.on('partsLimit', () => fail(new MakerError(400, 'The form has too many parts.')));
    busboy.on('fieldsLimit', () => fail(new MakerError(400, 'The form has too many fields.')));
    busboy.on('error', () =>
      fail(new MakerError(400, 'The upload is not a valid multipart form.')),
    );
    busboy.on('finish', () => {
      void (fileWritten ?? Promise.resolve())
        .then(() => {
          if (settled) return;
          settled = true;
          resolve({
            tempPath,
            fileName,
            size,
            fields,
          });
        })
        .catch(() => undefined);
    });
    // A connection closed before the body ended: the client went away, or the server cut it off
    // (the request timeout answers 408 and closes it). busboy is never told, so it is done here.
    request.on('close', () => {
      if (!request.readableEnded) fail(interrupted());
    });
    request.on('error', () => fail(interrupted()));
    request.pipe(busboy);
  });
}

/**
 * Reads and drops what is left of a refused upload, up to `limitBytes`, so the client, still
 * sending, receives the refusal instead of a broken connection. True when the body ended within
 * the limit; past it, the caller closes the connection instead.
 */
export function discardRest(request: IncomingMessage, limitBytes: number): Promise<boolean> {
  if (request.readableEnded || request.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let dropped = 0;
    const finish = (ended: boolean) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
      if (!ended) request.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > limitBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.readableEnded);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('close', onClose);
    request.resume();
  });
}
