import { brandIdForHost, type BrandId } from '@fansite/brand-config';
import type { CallDefinition, Envelope } from '@fansite/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { okResponse } from '../plugins/app/envelope.ts';

/** What a call's handler receives: its validated input, wherever the contract says it lives. */
export type CallHandler<Call extends CallDefinition> = (
  input: z.output<Call['input']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Envelope<z.input<Call['data']>>>;

export interface RegisterCallOptions {
  /** Route settings the contract does not decide, such as a call's own rate limit. */
  config?: Omit<FastifyContextConfig, 'auth'>;
  /** A call whose input the route reads itself (a file upload): skip the body schema. */
  rawBody?: boolean;
}

/**
 * The brand whose catalogue and radio a request reads: its host's (docs/product.md, brands and
 * hosts). The request guard has already refused requests without a Host.
 */
export function requestBrand(request: FastifyRequest): BrandId {
  return brandIdForHost(request.headers.host ?? '');
}

/**
 * Registers one call of the contract. Method, path, where the input lives, the auth mode and the
 * answer's schema all come from the call's entry in `calls`, so a route cannot disagree with the
 * browser client about any of them: the handler only says what the call does.
 */
export function registerCall<Call extends CallDefinition>(
  app: FastifyInstance,
  call: Call,
  handler: CallHandler<Call>,
  { config, rawBody = false }: RegisterCallOptions = {},
) {
  const inQuery = call.inputKind === 'query';
  app.route({
    method: call.method,
    url: call.path,
    config: { ...config, auth: call.auth },
    schema: {
      ...(inQuery ? { querystring: call.input } : rawBody ? {} : { body: call.input }),
      response: okResponse(call.data),
    },
    handler: (request, reply) =>
      handler((inQuery ? request.query : request.body) as z.output<Call['input']>, request, reply),
  });
}
