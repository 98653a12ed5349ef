import { Console } from 'node:console';
import { Writable } from 'node:stream';
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
}

/** An operator command: its arguments in, an exit code out (0 done, 1 failed, 2 usage). */
export type OperatorCommand = (args: string[], context: OperatorContext) => Promise<number>;

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
