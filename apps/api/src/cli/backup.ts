import { runCommand } from './run-command.ts';

runCommand('backup');
