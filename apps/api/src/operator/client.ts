import net from 'node:net';
import { readConfig } from '../config.ts';
import { catalogueCopyFolder } from '../catalogue/stored-copy.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { operatorSocketPath, type OperatorRequest } from './channel.ts';
import { executeCommand, type CommandResult } from './command.ts';
import { operatorCommands, type OperatorCommandName } from './commands/index.ts';

/** Sends a command to the server owning the data folder; null when no server listens there. */
function sendToServer(socketPath: string, request: OperatorRequest): Promise<CommandResult | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as CommandResult);
      } catch {
        reject(new Error('The running server gave no answer to the command.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // No socket, or one a stopped server left behind: nobody is serving this folder.
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
  });
}

/**
 * Runs an operator command where its database is. With DATABASE_URL, PostgreSQL takes any number
 * of connections, so the command opens its own. On the embedded database, a running server owns
 * the folder: the command goes to it through the operator channel; with no server, the command
 * opens the folder itself.
 */
export async function runOperatorCommand(
  name: OperatorCommandName,
  args: string[],
): Promise<CommandResult> {
  const config = readConfig();
  const request = { command: name, args, cwd: process.cwd() };
  if (!config.DATABASE_URL) {
    const answer = await sendToServer(operatorSocketPath(config.DATA_DIR), request);
    if (answer) return answer;
  }
  let database: Database | undefined;
  try {
    return await executeCommand(operatorCommands[name]!, args, {
      cwd: request.cwd,
      catalogueCopyFolder: config.DATABASE_URL ? undefined : catalogueCopyFolder(config.DATA_DIR),
      database: async () =>
        (database ??= await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR })),
    });
  } finally {
    await database?.close();
  }
}
