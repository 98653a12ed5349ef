import { parseArgs } from 'node:util';
import { emailSchema } from '@fansite/contract';
import { createStaffMembersRepository } from '../../repositories/staff-members.ts';
import { UsageError, type OperatorContext } from '../command.ts';

const usage = `Usage: pnpm --filter @fansite/api staff <command>

  grant EMAIL    put the person with this email on the team: the staff pages (inbox, music,
                 news, network, log) open for them (kept until they sign up, if they have no
                 account yet)
  revoke EMAIL   take them off the team
  list           the team, and whether each has an account

The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default .data/); a
running server there does the work for this command.`;

function emailOf(value: string | undefined): string {
  const result = emailSchema.safeParse(value ?? '');
  if (!result.success) throw new UsageError(`EMAIL ${result.error.issues[0]!.message}`);
  return result.data.toLowerCase();
}

export async function staffCommand(
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
  const staff = createStaffMembersRepository(db);
  switch (command) {
    case 'grant':
      console.log(
        (await staff.grant(email))
          ? `${email} is now on the team.`
          : `${email} was already on the team; nothing changed.`,
      );
      break;
    case 'revoke':
      if (!(await staff.revoke(email))) throw new UsageError(`${email} is not on the team.`);
      console.log(`${email} is no longer on the team.`);
      break;
    default: {
      const rows = await staff.list();
      if (rows.length === 0) console.log('Nobody is on the team yet.');
      else console.table(rows);
    }
  }
  return 0;
}
