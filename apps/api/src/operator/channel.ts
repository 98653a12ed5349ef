import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { executeCommand, type CommandResult } from './command.ts';
import { operatorCommands } from './commands/index.ts';

/** The socket a server on the embedded database listens on for operator commands. */
export const operatorSocketPath = (dataDir: string) => path.join(dataDir, 'operator.sock');

/**
 * Removes a socket file left by a crashed server. `unlink` rather than `fs.rmSync`: on Node 20,
 * rmSync on a socket file left the module loader unable to resolve packages afterwards (the
 * server then failed its next start with "Cannot find module"), which the restart test caught.
 */
function removeStaleSocket(socketPath: string) {
  try {
    fs.unlinkSync(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A request is a command name and its arguments; nothing near this size is legitimate. */
const REQUEST_LIMIT_BYTES = 64 * 1024;

export interface OperatorRequest {
  command: string;
  args: string[];
  cwd: string;
}

function parseRequest(text: string): OperatorRequest | null {
  try {
    const value = JSON.parse(text) as Partial<OperatorRequest>;
    if (
      typeof value.command === 'string' &&
      Array.isArray(value.args) &&
      value.args.every((arg) => typeof arg === 'string') &&
      typeof value.cwd === 'string'
    ) {
      return { command: value.command, args: value.args, cwd: value.cwd };
    }
  } catch {
    // Answered below as a bad request.
  }
  return null;
}

/**
 * The local operator channel: PGlite lets one process own its data folder, so while the server
 * runs, operator commands are sent here and run inside the server, on its database. It is a Unix
 * socket in the data folder, readable and writable by its owner only (the same person who could
 * open the data folder directly). One JSON request per connection; the answer is the command's
 * exit code and output.
 */
export async function openOperatorChannel({
  dataDir,
  database,
  onCommand,
}: {
  dataDir: string;
  database: Database;
  /** Told of each command run (its name only: arguments may hold personal data). */
  onCommand?: (command: string, exitCode: number) => void;
}) {
  const socketPath = operatorSocketPath(dataDir);
  // The caller owns the data folder's lock, so a socket left there is a crashed server's.
  removeStaleSocket(socketPath);

  let queue = Promise.resolve();
  const server = net.createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > REQUEST_LIMIT_BYTES) return socket.destroy();
      const end = received.indexOf('\n');
      if (end === -1) return;
      socket.removeAllListeners('data');
      const request = parseRequest(received.slice(0, end));
      const answer = (result: CommandResult) => socket.end(`${JSON.stringify(result)}\n`);
      if (!request) return answer({ exitCode: 2, stdout: '', stderr: 'Bad operator request.\n' });
      const command = operatorCommands[request.command];
      if (!command) {
        return answer({
          exitCode: 2,
          stdout: '',
          stderr: `No operator command ${request.command}.\n`,
        });
      }
      // One command at a time, as if each had the database to itself.
      queue = queue.then(async () => {
        const result = await executeCommand(command, request.args, {
          database: async () => database,
          cwd: request.cwd,
        });
        onCommand?.(request.command, result.exitCode);
        answer(result);
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);

  return {
    socketPath,
    /** Stops taking commands and waits for the one running, before the database closes. */
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      fs.rmSync(socketPath, { force: true });
    },
  };
}
