import { envelopeSchema, type Envelope } from '@fansite/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A failure a route reports on purpose: its status is the envelope's code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const ok = <T>(data: T, message = ''): Envelope<T> => ({ code: 200, message, data });

/** The response schemas of a call: its 200 envelope. Other codes are plain envelopes. */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: envelopeSchema(data) });

export function sendEnvelope(reply: FastifyReply, code: number, message: string) {
  return reply.code(code).type('application/json').send({ code, message, data: null });
}

/** Messages people can act on, for the built-in errors Fastify and its plugins raise. */
const builtInMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request must be sent as multipart/form-data.',
  FST_FILES_LIMIT: 'Files are not accepted here.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
};

/** One problem per field (the first), so a person reads what to fix rather than every rule. */
function validationMessage(error: FastifyError): string {
  const problems = new Map<string, string>();
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (!problems.has(field)) problems.set(field, issue.message ?? 'invalid value');
  }
  const lines = [...problems].map(([field, message]) => (field ? `${field}: ${message}` : message));
  return `Invalid request: ${lines.join('; ')}`;
}

/** Every answer, errors included, is an envelope whose code equals the HTTP status. */
async function envelopePlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendEnvelope(reply, 400, validationMessage(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendEnvelope(reply, 500, 'Something went wrong on our side. Please try again later.');
    }
    const message =
      error instanceof HttpError ? error.message : (builtInMessages[error.code] ?? error.message);
    return sendEnvelope(reply, status, message);
  });

  app.setNotFoundHandler((request, reply) =>
    sendEnvelope(reply, 404, `No such call: ${request.method} ${request.url.split('?')[0]}`),
  );
}

export default fp(envelopePlugin, { name: 'envelope' });
