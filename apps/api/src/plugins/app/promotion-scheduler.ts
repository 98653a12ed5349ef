import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { postAnnouncement } from '../../discord/announce.ts';
import { dayOf, planCalendar } from '../../promotion/plan.ts';

interface PromotionSchedulerOptions {
  /** The community chat's webhook; unset means the channel of the day is not announced. */
  announceWebhookUrl?: string;
  /** How often the calendar is topped up and today's announcement checked; 0 turns the timer off. */
  intervalMs: number;
  /** The clock (tests move it day by day). */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    promotionScheduler: {
      /** Plans the calendar again, after a promotion or a subscription changed. */
      replan(): Promise<void>;
      /** Tops the calendar up and announces today's channel if no process did yet. */
      tick(): Promise<void>;
      today(): string;
    };
  }
}

/**
 * Keeps the promotion calendar planned and announces each day's channel once. Every server
 * process runs it; the calendar is planned under a database lock and the announcement is claimed
 * with one conditional insert, so several processes do the work once between them.
 */
async function promotionSchedulerPlugin(
  app: FastifyInstance,
  { announceWebhookUrl, intervalMs, now }: PromotionSchedulerOptions,
) {
  const today = () => dayOf(now());

  async function announce(day: string) {
    if (!announceWebhookUrl) return;
    const channel = await app.promotions.channelOfTheDay(day);
    if (!channel) return;
    if (!(await app.promotions.claimAnnouncement(day))) return;
    try {
      await postAnnouncement(announceWebhookUrl, channel.youtube_channel);
    } catch (error) {
      // Give the day back, so the next tick (of this or another process) tries again.
      await app.promotions.releaseAnnouncement(day);
      app.log.warn(
        { reason: (error as Error).message },
        'could not announce the channel of the day',
      );
    }
  }

  const scheduler = {
    today,
    replan: () => planCalendar(app.promotions, today()),
    async tick() {
      const day = today();
      await planCalendar(app.promotions, day);
      await announce(day);
    },
  };
  app.decorate('promotionScheduler', scheduler);

  if (intervalMs > 0) {
    let running: Promise<void> | null = null;
    const run = () => {
      running ??= scheduler
        .tick()
        .catch((error: unknown) => app.log.warn({ err: error }, 'promotion scheduler failed'))
        .finally(() => (running = null));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

export default fp(promotionSchedulerPlugin, {
  name: 'promotion-scheduler',
  dependencies: ['repositories'],
});
