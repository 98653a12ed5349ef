import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type AppDb } from '../db/client.ts';
import { outboxMails } from '../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
}

/** A claimed mail is not offered again for this long, while its sending runs. */
const queuedMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  attempts: z.number(),
}) satisfies z.ZodType<QueuedMail>;

const CLAIM_SECONDS = 300;
/** Waits between attempts grow from a minute to at most an hour; a mail is never given up. */
const MAX_RETRY_SECONDS = 3600;

/** Puts a mail in the outbox, in the caller's transaction: it goes out only if that commits. */
export async function enqueueMail(tx: AppDb, mail: OutgoingMail): Promise<void> {
  await tx
    .insert(outboxMails)
    .values({ recipient: mail.to, subject: mail.subject, body: mail.text });
}

export function createMailOutbox(db: AppDb) {
  return {
    enqueue: (mail: OutgoingMail) => enqueueMail(db, mail),

    /**
     * Takes the mails due now. The claim moves each one's next attempt into the future in the
     * same statement, so another process (or a later tick) does not send it meanwhile.
     */
    async claimDue(limit: number): Promise<QueuedMail[]> {
      return queryRows(
        db,
        sql`UPDATE outbox_mails SET attempts = attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
            WHERE id IN (SELECT id FROM outbox_mails
                         WHERE sent_at IS NULL AND next_attempt_at <= now()
                         ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
            RETURNING id::int AS id, recipient AS to, subject, body AS text, attempts`,
        queuedMail,
      );
    },

    async markSent(id: number): Promise<void> {
      await db.execute(
        sql`UPDATE outbox_mails SET sent_at = now(), last_error = NULL WHERE id = ${id}`,
      );
    },

    /** Schedules another attempt, later each time. The reason is kept for the operator. */
    async markFailed(mail: QueuedMail, reason: string): Promise<void> {
      const wait = Math.min(60 * 2 ** (mail.attempts - 1), MAX_RETRY_SECONDS);
      await db.execute(
        sql`UPDATE outbox_mails SET last_error = ${reason.slice(0, 500)},
              next_attempt_at = now() + make_interval(secs => ${wait})
            WHERE id = ${mail.id}`,
      );
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
