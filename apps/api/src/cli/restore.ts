import { runCommand } from './run-command.ts';

runCommand('restore');
