import { parseArgs } from 'node:util';
import { emailSchema } from '@fansite/contract';
import { dayOf } from '../../promotion/plan.ts';
import { createPromotionsRepository } from '../../repositories/promotions.ts';
import { createSubscriberGrantsRepository } from '../../repositories/subscriber-grants.ts';
import { UsageError, type OperatorContext } from '../command.ts';

const usage = `Usage: pnpm --filter @fansite/api subscriber <command>

  grant EMAIL    make the person with this email a subscriber, once their email is verified
                 (kept until they sign up and verify it, if they have not yet)
  revoke EMAIL   take the operator's grant away (Patreon memberships follow Patreon); their
                 coming promotion days go to the other subscribers
  list           every grant, and whether the person has an account with that email verified

The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default .data/); a
running server there does the work for this command.`;

function emailOf(value: string | undefined): string {
  const result = emailSchema.safeParse(value ?? '');
  if (!result.success) throw new UsageError(`EMAIL: ${result.error.issues[0]!.message}`);
  return result.data.toLowerCase();
}

export async function subscriberCommand(
  argv: string[],
  { console, database: openDatabase }: OperatorContext,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  const [command, argument] = positionals;
  if (values.help || !command || !['grant', 'revoke', 'list'].includes(command)) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const email = command === 'list' ? '' : emailOf(argument);

  const { db } = await openDatabase();
  const grants = createSubscriberGrantsRepository(db);
  switch (command) {
    case 'grant':
      if (!(await grants.grant(email, 'operator'))) {
        console.log(`${email} was already a subscriber; nothing changed.`);
        break;
      }
      // A returning subscriber with a saved promotion takes their turn again.
      await createPromotionsRepository(db).plan(dayOf(new Date()));
      console.log(`${email} is now a subscriber.`);
      break;
    case 'revoke':
      if (!(await grants.revoke(email))) throw new UsageError(`${email} is not a subscriber.`);
      // The calendar is planned again now, so the freed days are someone else's at once.
      await createPromotionsRepository(db).plan(dayOf(new Date()));
      console.log(`${email} is no longer a subscriber.`);
      break;
    default: {
      const rows = await grants.list();
      if (rows.length === 0) console.log('There are no subscribers.');
      else console.table(rows);
    }
  }
  return 0;
}
