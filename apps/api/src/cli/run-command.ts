import { runOperatorCommand } from '../operator/client.ts';
import type { OperatorCommandName } from '../operator/commands/index.ts';

/**
 * An operator command's entry point: runs it where its database is (see operator/client.ts),
 * prints what it printed and exits with its code (0 done, 1 failed, 2 usage).
 */
export function runCommand(name: OperatorCommandName): void {
  runOperatorCommand(name, process.argv.slice(2)).then(
    ({ exitCode, stdout, stderr }) => {
      process.stdout.write(stdout);
      process.stderr.write(stderr);
      process.exitCode = exitCode;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
