import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'pglite.lock';

/**
 * PGlite is a single-process database: a second process writing the same folder would corrupt it.
 *
 * The lock must die with its owner however the owner dies (SIGKILL, out of memory), or a crash
 * can keep the server from ever starting again. A pid written in a file cannot tell: in a
 * container the server is pid 1 on every start, so the pid of a dead owner is often a live one.
 * An advisory `flock` is what the kernel releases when the last descriptor of the locked file
 * closes, and a process's descriptors close when it ends, whatever ends it.
 *
 * Node has no flock of its own (and a native addon would need a build), so this process opens the
 * file and lends the descriptor to util-linux's `flock(1)`, which locks it and exits: a flock
 * belongs to the open file description, which this process still holds, so the lock stays until
 * this process closes it or ends. Unlike a lock judged stale by its age (proper-lockfile) or by a
 * pid, nothing is ever taken over by guesswork; unlike a listening Unix socket, there is no file to
 * clean up after a crash and no 108-byte limit on the folder's path.
 *
 * The file stays in place when released: deleting a locked file would let one process lock the
 * old file while another creates and locks a new one. It holds the owner's pid for the message.
 *
 * Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  // Neither truncated nor created exclusively: the owner's pid must survive a failed attempt.
  const descriptor = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  let locked = false;
  try {
    // The descriptor becomes the child's fd 3; `--nonblock` fails at once rather than waiting.
    const attempt = spawnSync('flock', ['--exclusive', '--nonblock', '3'], {
      stdio: ['ignore', 'ignore', 'pipe', descriptor],
    });
    if (attempt.error) {
      throw new Error(
        'Locking the database folder needs the flock command (util-linux on Linux; ' +
          '`brew install flock` on macOS).',
        { cause: attempt.error },
      );
    }
    if (attempt.status !== 0) {
      const owner = fs.readFileSync(lockPath, 'utf8').trim();
      throw new Error(
        `The database folder ${dataDir} is in use by another process` +
          `${/^\d+$/.test(owner) ? ` (pid ${owner})` : ''}. ` +
          'Stop that process first, or point DATA_DIR at another folder.',
      );
    }
    locked = true;
    fs.ftruncateSync(descriptor, 0);
    fs.writeSync(descriptor, String(process.pid), 0);
  } finally {
    if (!locked) fs.closeSync(descriptor);
  }

  let released = false;
  return () => {
    if (released) return;
    released = true;
    fs.ftruncateSync(descriptor, 0);
    // Closing the last descriptor of the file releases the lock.
    fs.closeSync(descriptor);
  };
}
