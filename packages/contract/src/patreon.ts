import { z } from 'zod';
import { tokenQuerySchema } from './community.ts';

/** The account's Patreon link, for the account sidebar's Patreon box. */
export const patreonInfoSchema = z.object({
  /** False when the server has no Patreon application configured: no link button is offered. */
  linking: z.boolean(),
  /** The linked Patreon user's name, or null when none is linked. */
  patreon: z.string().nullable(),
  /** The end of the period the linked membership has paid for, when it covers now. */
  paid_until: z.string().nullable(),
  /** Whether the server saw the account's email verified (memberships by email wait for it). */
  email_verified: z.boolean(),
});

/** Where the visitor comes back to after Patreon; only the site's own hosts are accepted. */
export const patreonAuthorizeQuerySchema = tokenQuerySchema.extend({
  return_to: z.string().max(500, 'A return address has at most 500 characters.').optional(),
});
/** The Patreon authorization address to send the browser to (it carries a one-time state). */
export const patreonAuthorizeSchema = z.object({ url: z.string() });
