import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { emailSchema } from '@fansite/contract';
import type { Database } from '../db/client.ts';

/** A mistake in the arguments or input the operator can correct: exit code 2. */
export class UsageError extends Error {}

/** What an operator command may use: wherever it runs, in the CLI or inside the server. */
export interface OperatorContext {
  /** The database; opened on first use by the CLI, the server's own one inside the server. */
  database(): Promise<Database>;
  /** Where the command prints (log and table), captured and handed back to the operator. */
  console: Console;
  /** The operator's working folder, for paths given on the command line. */
  cwd: string;
  /**
   * Where a command that changed the catalogue stores the copy the server's next start reads
   * (`catalogue/shared-copy.ts`): set when the command opened the embedded database itself, as
   * no server runs there; unset inside the server, whose catalogue builds and stores its own.
   */
  catalogueCopyFolder?: string;
}

/** An operator command: its arguments in, an exit code out (0 done, 1 failed, 2 usage). */
export type OperatorCommand = (args: string[], context: OperatorContext) => Promise<number>;

/** What a `grant EMAIL | revoke EMAIL | list` command was asked (the staff and subscriber ones). */
export type EmailListRequest =
  { command: 'grant' | 'revoke'; email: string } | { command: 'list'; email?: undefined };

/**
 * Reads a `grant EMAIL | revoke EMAIL | list` command's arguments. Prints `usage` and gives the
 * exit code instead when asked for help or given no known command; an email that is not one is a
 * UsageError. Emails are compared in lower case.
 */
export function readEmailListRequest(
  argv: string[],
  usage: string,
  console: Console,
): EmailListRequest | number {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  const [command, argument] = positionals;
  if (values.help || (command !== 'grant' && command !== 'revoke' && command !== 'list')) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (command === 'list') return { command };
  const email = emailSchema.safeParse(argument ?? '');
  if (!email.success) throw new UsageError(`EMAIL: ${email.error.issues[0]!.message}`);
  return { command, email: email.data.toLowerCase() };
}

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command with its printing captured. A failure becomes its message alone (no stack trace)
 * on stderr with exit code 1, or 2 for a UsageError: the same answer wherever the command ran.
 */
export async function executeCommand(
  command: OperatorCommand,
  args: string[],
  context: Omit<OperatorContext, 'console'>,
): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        append(String(chunk));
        done();
      },
    });
  const console = new Console({
    stdout: sink((text) => (stdout += text)),
    stderr: sink((text) => (stderr += text)),
  });
  try {
    const exitCode = await command(args, { ...context, console });
    return { exitCode, stdout, stderr };
  } catch (error) {
    stderr += `${error instanceof Error ? error.message : String(error)}\n`;
    return { exitCode: error instanceof UsageError ? 2 : 1, stdout, stderr };
  }
}
