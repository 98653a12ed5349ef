import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import type { WebsiteOutcome } from '../../repositories/websites.ts';
import { registerCall } from '../register-call.ts';

const NAME_TAKEN_MESSAGE = 'This domain name is already taken. Please choose another one.';

function siteOf(outcome: WebsiteOutcome) {
  if (outcome.outcome === 'name-taken') throw new HttpError(409, NAME_TAKEN_MESSAGE);
  if (outcome.outcome === 'not-activated') {
    throw new HttpError(409, 'Your site is not activated yet. Please activate it first.');
  }
  return outcome.site;
}

/** A subscriber's own website settings (docs/product.md, states, website settings). */
export default async function websiteRoutes(app: FastifyInstance) {
  registerCall(app, calls.websiteGet, async (_input, request, reply) => {
    const site = await app.websites.ofOwner(signedInUser(request).uid);
    if (site) return ok(site);
    // 201 with no data tells the page to show the activation form (docs/product.md, roles).
    reply.code(201);
    return { code: 201, message: 'Your site is not activated yet.', data: null };
  });

  registerCall(app, calls.websiteActivate, async ({ domain_name }, request) => {
    const site = siteOf(await app.websites.activate(signedInUser(request).uid, domain_name));
    return ok(site, 'Your site has been activated!');
  });

  registerCall(app, calls.websiteSave, async (input, request) => {
    const { firebase_auth_token: _token, ...settings } = input;
    const site = siteOf(await app.websites.save(signedInUser(request).uid, settings));
    return ok(site, 'Your website has been updated!');
  });
}
