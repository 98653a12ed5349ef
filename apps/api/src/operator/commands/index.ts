import type { OperatorCommand } from '../command.ts';
import { backupCommand, restoreCommand } from './backup.ts';
import { catalogCommand } from './catalog.ts';
import { networkCommand } from './network.ts';
import { staffCommand } from './staff.ts';
import { subscriberCommand } from './subscriber.ts';

/** Every operator command by name, as `pnpm --filter @fansite/api NAME` runs it. */
export const operatorCommands: Record<string, OperatorCommand> = {
  catalog: catalogCommand,
  network: networkCommand,
  subscriber: subscriberCommand,
  staff: staffCommand,
  backup: backupCommand,
  restore: restoreCommand,
};

export type OperatorCommandName =
  'catalog' | 'network' | 'subscriber' | 'staff' | 'backup' | 'restore';
