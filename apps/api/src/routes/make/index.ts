import { brandIdForHost } from '@fansite/brand-config';
import { MAKER_MAX_UPLOAD_BYTES, calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok, sendEnvelope } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { DOWNLOAD_PATH } from '../../maker/song-maker.ts';
import { discardRest } from '../../maker/upload.ts';
import { registerCall } from '../register-call.ts';

/** How much of a refused upload is read and dropped before the connection is closed instead. */
const DISCARD_LIMIT_BYTES = 2 * MAKER_MAX_UPLOAD_BYTES;

/** Content-Disposition for a name people chose: an ASCII fallback and the exact UTF-8 name. */
function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The song maker: convert an upload, list what was made, download it. */
export default async function makeRoutes(app: FastifyInstance) {
  registerCall(
    app,
    calls.makeConvert,
    async (_input, request, reply) => {
      const user = signedInUser(request);
      try {
        const link = await app.maker.convert(request, {
          userUid: user.uid,
          brand: brandIdForHost(request.headers.host ?? ''),
        });
        return ok(link, 'Your song has been converted!');
      } catch (error) {
        // A refused upload may still be arriving. Browsers and fetch report a connection closed
        // mid-upload as a network failure, so the rest is read and dropped (never kept) for the
        // client to see the refusal; only beyond a bound is the connection closed instead.
        if (!(await discardRest(request.raw, DISCARD_LIMIT_BYTES))) {
          reply.header('connection', 'close');
        }
        throw error;
      }
    },
    // The upload is read by the maker itself, as a stream, after the auth check: the shared
    // multipart parsing (which buffers every part) leaves this route's form unread.
    { rawBody: true, config: { streamedUpload: true } },
  );

  registerCall(app, calls.makeHistory, async (_input, request) =>
    ok(await app.maker.history(signedInUser(request).uid)),
  );

  registerCall(app, calls.makeProgress, async ({ job }, request) => {
    const found = await app.maker.progressOf(signedInUser(request).uid, job);
    if (!found) throw new HttpError(404, 'No conversion with this job is under way.');
    return ok(found);
  });

  // Not a call of the contract: the file behind a download link, so a plain browser download works.
  app.get(DOWNLOAD_PATH, async (request, reply) => {
    const { key } = request.query as { key?: unknown };
    const found = await app.maker.download(typeof key === 'string' ? key : '');
    if (found.status === 'unknown') {
      return sendEnvelope(reply, 404, 'This download link is not valid.');
    }
    if (found.status === 'expired') {
      return sendEnvelope(
        reply,
        404,
        'This download has expired: converted songs are kept for 7 days.',
      );
    }
    return reply
      .header('content-type', 'audio/mpeg')
      .header('content-length', found.size)
      .header('content-disposition', attachment(found.fileName))
      .header('cache-control', 'private, no-store')
      .send(found.stream);
  });
}
