import { calls } from '@fansite/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/app/envelope.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { registerCall } from '../register-call.ts';

/** Channel promotion (docs/product.md, screens) and the channel of the day it feeds. */
export default async function promotionRoutes(app: FastifyInstance) {
  registerCall(app, calls.promotionGet, async (_input, request) =>
    ok(await app.promotions.ofUser(signedInUser(request).uid, app.promotionScheduler.today())),
  );

  registerCall(app, calls.promotionSave, async ({ youtube_channel, youtube_share }, request) => {
    const { uid } = signedInUser(request);
    await app.promotions.save(uid, youtube_channel, youtube_share);
    // A first promotion joins the round robin at once: its dates show in the answer.
    await app.promotionScheduler.replan();
    return ok(
      await app.promotions.ofUser(uid, app.promotionScheduler.today()),
      'Your channel promotion has been saved!',
    );
  });

  registerCall(app, calls.promotionToday, async () =>
    ok(await app.promotions.channelOfTheDay(app.promotionScheduler.today())),
  );
}
