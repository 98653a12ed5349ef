import { z } from 'zod';
import type { MembershipState } from '../repositories/patreon-members.ts';

/** A Patreon id: digits for users and campaigns, a UUID for members. */
const patreonId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const relation = z
  .object({ data: z.object({ id: patreonId }).nullable().optional() })
  .nullable()
  .optional();
const timestamp = z.iso.datetime({ offset: true }).nullable().optional().catch(null);

/** A JSON:API `member` resource, as in webhook bodies and the identity's `included`. */
export const memberResourceSchema = z.object({
  type: z.literal('member'),
  id: patreonId,
  attributes: z.object({
    // Whatever the address holds (any script), as long as it is one plausible line.
    email: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/u)
      .max(254)
      .nullable()
      .optional()
      .catch(null),
    patron_status: z.string().nullable().optional(),
    last_charge_status: z.string().nullable().optional(),
    last_charge_date: timestamp,
    next_charge_date: timestamp,
    pledge_cadence: z.number().int().min(1).max(12).nullable().optional().catch(null),
  }),
  relationships: z.object({ user: relation, campaign: relation }).partial().optional(),
});

export type MemberResource = z.infer<typeof memberResourceSchema>;

/** Charges that paid for a period: `Deleted` is the paid charge of a pledge deleted since. */
const PAID_CHARGES = new Set(['Paid', 'Deleted']);
/** Charges whose money went back (or never came): they end access at once. */
const REVERSED_CHARGES = new Set(['Refunded', 'Refunded by Patreon', 'Fraud', 'Chargeback']);

/**
 * How far the story of one charge has gone, for ordering deliveries that share its date: a
 * pending charge is paid, a paid one may be declined or its pledge deleted, and any of them may be
 * refunded; a member deleted outright (Patreon does that only when nothing was ever paid) is last.
 * A delivery that would move a member back (an `active_patron` retried after `former_patron`, a
 * `Paid` after its `Refunded`) is stale and changes nothing.
 */
function stateRankOf(chargeStatus: string | null, memberDeleted: boolean, pledgeEnded: boolean) {
  if (memberDeleted) return 5;
  if (chargeStatus !== null && REVERSED_CHARGES.has(chargeStatus)) return 4;
  if (pledgeEnded || chargeStatus === 'Deleted' || chargeStatus === 'Declined') return 3;
  if (chargeStatus === 'Paid') return 2;
  return chargeStatus === null ? 0 : 1;
}

function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

/**
 * The end of the period the last charge paid for: the next charge date Patreon announced, or, for
 * a pledge without one, the last charge date plus the pledge's cadence (one month by default).
 */
function paidPeriodEnd(lastChargeAt: string, nextChargeAt: string | null, cadence: number) {
  if (nextChargeAt && Date.parse(nextChargeAt) > Date.parse(lastChargeAt)) {
    return new Date(nextChargeAt).toISOString();
  }
  return addMonths(lastChargeAt, cadence);
}

/**
 * What a member resource says, with the event it came with (webhooks) or none (the identity
 * read). Only a paid charge grants, and only for the period it paid: a deleted pledge keeps
 * access to the end of that period; a refund or fraud ends it at once; a declined, pending or
 * free-trial charge grants nothing new and leaves the end already known.
 */
export function membershipState(member: MemberResource, event: string | null): MembershipState {
  const { attributes, relationships } = member;
  const chargeStatus = attributes.last_charge_status ?? null;
  const lastChargeAt = attributes.last_charge_date
    ? new Date(attributes.last_charge_date).toISOString()
    : null;
  const memberDeleted = event === 'members:delete';
  const pledgeEnded =
    event === 'members:pledge:delete' ||
    attributes.patron_status === 'former_patron' ||
    attributes.patron_status === 'declined_patron';
  let paidUntil: string | null = null;
  let keepsPaidUntil = false;
  if (memberDeleted || (chargeStatus !== null && REVERSED_CHARGES.has(chargeStatus))) {
    paidUntil = null;
  } else if (lastChargeAt && chargeStatus !== null && PAID_CHARGES.has(chargeStatus)) {
    paidUntil = paidPeriodEnd(
      lastChargeAt,
      attributes.next_charge_date ?? null,
      attributes.pledge_cadence ?? 1,
    );
  } else {
    keepsPaidUntil = true;
  }
  return {
    memberId: member.id,
    patreonUserId: relationships?.user?.data?.id ?? null,
    campaignId: relationships?.campaign?.data?.id ?? '',
    email: attributes.email ?? null,
    paidUntil,
    keepsPaidUntil,
    lastChargeAt,
    stateRank: stateRankOf(chargeStatus, memberDeleted, pledgeEnded),
  };
}
