import { dayOf, planCalendar } from '../../promotion/plan.ts';
import { createPromotionsRepository } from '../../repositories/promotions.ts';
import { createSubscriberGrantsRepository } from '../../repositories/subscriber-grants.ts';
import { readEmailListRequest, UsageError, type OperatorContext } from '../command.ts';

const usage = `Usage: pnpm --filter @fansite/api subscriber <command>

  grant EMAIL    make the person with this email a subscriber, once their email is verified
                 (kept until they sign up and verify it, if they have not yet)
  revoke EMAIL   take the operator's grant away (Patreon memberships follow Patreon); their
                 coming promotion days go to the other subscribers
  list           every grant, and whether the person has an account with that email verified

The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default .data/); a
running server there does the work for this command.`;

export async function subscriberCommand(
  argv: string[],
  { console, database: openDatabase }: OperatorContext,
): Promise<number> {
  const request = readEmailListRequest(argv, usage, console);
  if (typeof request === 'number') return request;
  const { db } = await openDatabase();
  const grants = createSubscriberGrantsRepository(db);
  switch (request.command) {
    case 'grant':
      if (!(await grants.grant(request.email, 'operator'))) {
        console.log(`${request.email} was already a subscriber; nothing changed.`);
        break;
      }
      // A returning subscriber with a saved promotion takes their turn again.
      await planCalendar(createPromotionsRepository(db), dayOf(new Date()));
      console.log(`${request.email} is now a subscriber.`);
      break;
    case 'revoke':
      if (!(await grants.revoke(request.email)))
        throw new UsageError(`${request.email} is not a subscriber.`);
      // The calendar is planned again now, so the freed days are someone else's at once.
      await planCalendar(createPromotionsRepository(db), dayOf(new Date()));
      console.log(`${request.email} is no longer a subscriber.`);
      break;
    default: {
      const rows = await grants.list();
      if (rows.length === 0) console.log('There are no subscribers.');
      else console.table(rows);
    }
  }
  return 0;
}
