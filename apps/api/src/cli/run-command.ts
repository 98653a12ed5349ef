/** A mistake in the arguments or input the operator can correct: exit code 2. */
export class UsageError extends Error {}

/**
 * Runs an operator command's `main` with the command-line arguments and exits with its code. A
 * failure prints its message alone (no stack trace) and exits with 1, or 2 for a UsageError.
 */
export function runCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (exitCode) => process.exit(exitCode),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
