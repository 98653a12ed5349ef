import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/**
 * A part of a multipart form as it arrives: a field's value, or a file's bytes as a stream, which
 * says `limit` when the file crosses the size limit.
 */
type FormPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable };

/**
 * A multipart form still arriving: its connection, and its parts as they arrive, read within the
 * limits given (an HTTP request with a multipart parser: `request.raw` and `request.parts()`).
 */
export interface ArrivingForm {
  raw: IncomingMessage;
  parts(options: {
    limits: { files: number; fileSize: number; fields: number; fieldSize: number; parts: number };
  }): AsyncIterable<FormPart>;
}

/** Room for the form's boundaries and small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const interrupted = () => new MakerError(400, 'The upload was interrupted. Please try again.');
const notAForm = () => new MakerError(400, 'The upload is not a valid multipart form.');

/** What a refusal of the multipart parser (by its code) means to the person sending the form. */
const parserRefusals: Record<string, () => MakerError> = {
  FST_FILES_LIMIT: () => new MakerError(400, 'Send one file at a time.'),
  FST_PARTS_LIMIT: () => new MakerError(400, 'The form has too many parts.'),
  FST_FIELDS_LIMIT: () => new MakerError(400, 'The form has too many fields.'),
  FST_MP_PREMATURE_CLOSE: interrupted,
};

/**
 * Streams a multipart form's one file to a temporary file. A file over the limit is refused as
 * soon as the limit is crossed (413), not after the whole body has arrived. However the upload
 * ends (refused, cut off by the client or by the server's request timeout), the promise settles
 * and a refused upload leaves nothing on disk.
 */
export async function receiveUpload(
  form: ArrivingForm,
  { tempDir, maxBytes, maxLabel }: UploadLimits,
): Promise<ReceivedUpload> {
  const request = form.raw;
  const tooLarge = () => new MakerError(413, `The file is larger than ${maxLabel}.`);
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new MakerError(
      400,
      'The file must be sent as multipart/form-data (fields file and speed).',
    );
  }
  const declaredLength = Number(request.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes + FORM_OVERHEAD_BYTES) {
    throw tooLarge();
  }
  // The client went away while the request waited for its turn (the auth check): nothing to read.
  if (request.destroyed) throw interrupted();

  const fields: Record<string, string> = {};
  let tempPath: string | null = null;
  let fileName = '';
  let size = 0;
  try {
    const parts = form.parts({
      limits: { files: 1, fileSize: maxBytes, fields: 8, fieldSize: 4096, parts: 10 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        // Destroying the part (rather than reading it) also stops the parser reading the body.
        part.file.destroy();
        throw new MakerError(
          400,
          `Unexpected file field "${part.fieldname}": send the song as "file".`,
        );
      }
      fileName = part.filename;
      tempPath = path.join(tempDir, `${randomUUID()}.upload`);
      // The parser would read the rest of an oversized file and drop it before saying so: the
      // refusal comes as the limit is crossed instead, and the route decides what to read after.
      let overLimit = false;
      part.file.once('limit', () => {
        overLimit = true;
        part.file.destroy();
      });
      try {
        await pipeline(
          part.file,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(tempPath, { flags: 'wx' }),
        );
      } catch (error) {
        throw overLimit ? tooLarge() : error;
      }
    }
  } catch (error) {
    if (tempPath) await rm(tempPath, { force: true });
    // The connection closed before the body ended: the client went away, or the server cut it
    // off (the request timeout answers 408 and closes it).
    if (request.destroyed && !request.readableEnded) throw interrupted();
    if (error instanceof MakerError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw parserRefusals[code ?? '']?.() ?? notAForm();
  }
  return { tempPath, fileName, size, fields };
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
