import { createStaffMembersRepository } from '../../repositories/staff-members.ts';
import { readEmailListRequest, UsageError, type OperatorContext } from '../command.ts';

const usage = `Usage: pnpm --filter @fansite/api staff <command>

  grant EMAIL    put the person with this email on the team: the staff pages (inbox, music,
                 news, network, log) open for them (kept until they sign up, if they have no
                 account yet)
  revoke EMAIL   take them off the team
  list           the team, and whether each has an account

The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default .data/); a
running server there does the work for this command.`;

export async function staffCommand(
  argv: string[],
  { console, database: openDatabase }: OperatorContext,
): Promise<number> {
  const request = readEmailListRequest(argv, usage, console);
  if (typeof request === 'number') return request;
  const { db } = await openDatabase();
  const staff = createStaffMembersRepository(db);
  switch (request.command) {
    case 'grant':
      console.log(
        (await staff.grant(request.email))
          ? `${request.email} is now on the team.`
          : `${request.email} was already on the team; nothing changed.`,
      );
      break;
    case 'revoke':
      if (!(await staff.revoke(request.email)))
        throw new UsageError(`${request.email} is not on the team.`);
      console.log(`${request.email} is no longer on the team.`);
      break;
    default: {
      const rows = await staff.list();
      if (rows.length === 0) console.log('Nobody is on the team yet.');
      else console.table(rows);
    }
  }
  return 0;
}
