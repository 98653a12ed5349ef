import type { InboxItem } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { postStaffNotice } from '../../discord/staff-notice.ts';
import { createMailer, type MailerOptions } from '../../mail/mailer.ts';

interface StaffNotifierOptions extends MailerOptions {
  /** The team's Discord channel webhook; unset: new items are only mailed. */
  discordWebhookUrl?: string;
  /** How often new items are announced and the outbox sent; 0: only on demand (tests). */
  intervalMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffNotifier: {
      /** Announces new inbox items and sends the mails that are due. */
      tick(): Promise<void>;
    };
  }
}

/** Items and mails handled per tick: a burst of reports is worked off over a few ticks. */
const BATCH = 20;

const KIND_NAMES: Record<string, string> = {
  'song-report': 'Song report',
  artwork: 'Artwork ticket',
  'request-song': 'Song request',
  'apply-member': 'Membership application',
  'apply-academy': 'Academy application',
  'bug-report': 'Bug report',
  advertisement: 'Advertising enquiry',
  'business-inquiry': 'Business enquiry',
  other: 'Message',
};

/** What the team is told of a new item: its kind and what it says, not who sent it. */
function noticeOf(item: InboxItem & { brand: string }): string {
  const what = item.message ?? item.youtube_url ?? '';
  const excerpt = what.length > 300 ? `${what.slice(0, 300)}...` : what;
  return `${KIND_NAMES[item.kind] ?? item.kind} #${item.id} on the ${item.brand} site: ${excerpt}\nOpen it in the team's inbox: /staff/inbox`;
}

/**
 * Tells the team of every new inbox item once, and sends the mail outbox. Every server process
 * runs it: an item is claimed with one conditional update before it is announced (the channel of
 * the day's claim-once rule), a failed Discord post gives the claim back for a later tick, and a
 * mail stays in the outbox until it is sent.
 */
async function staffNotifierPlugin(
  app: FastifyInstance,
  { discordWebhookUrl, intervalMs, ...mailerOptions }: StaffNotifierOptions,
) {
  const mailer = createMailer(mailerOptions);
  app.addHook('onClose', async () => mailer.close());

  async function announceNewItems() {
    const items = await app.inbox.claimUnannounced(BATCH);
    if (items.length === 0) return;
    const team = await app.staffMembers.emails();
    for (const item of items) {
      const notice = noticeOf(item);
      if (discordWebhookUrl) {
        try {
          await postStaffNotice(discordWebhookUrl, notice);
        } catch (error) {
          await app.inbox.releaseClaim(item.id);
          app.log.warn({ reason: (error as Error).message }, 'could not tell the team on Discord');
          continue;
        }
      }
      for (const email of team) {
        await app.mailOutbox.enqueue({
          to: email,
          subject: `${KIND_NAMES[item.kind] ?? 'Message'} #${item.id}`,
          text: `${notice}\n`,
        });
      }
    }
  }

  async function sendDueMails() {
    for (const mail of await app.mailOutbox.claimDue(BATCH)) {
      try {
        await mailer.send(mail);
        await app.mailOutbox.markSent(mail.id);
      } catch (error) {
        // Never the address or the message: only what went wrong.
        const reason = (error as Error).message;
        await app.mailOutbox.markFailed(mail, reason);
        app.log.warn({ mail: mail.id, reason }, 'could not send a mail; it will be tried again');
      }
    }
  }

  let running: Promise<void> | null = null;
  const notifier = {
    tick() {
      running ??= (async () => {
        await announceNewItems();
        await sendDueMails();
      })().finally(() => (running = null));
      return running;
    },
  };
  app.decorate('staffNotifier', notifier);

  if (intervalMs > 0) {
    const timer = setInterval(() => {
      notifier.tick().catch((error: unknown) => {
        app.log.warn({ reason: (error as Error).message }, 'could not run the team notifications');
      });
    }, intervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

export default fp(staffNotifierPlugin, { name: 'staff-notifier', dependencies: ['repositories'] });
