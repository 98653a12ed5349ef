/**
 * The app in a process of its own on a PostgreSQL database, for a test to kill mid-conversion as a
 * machine dies: `tsx maker-process.ts DATABASE_URL MAKER_FOLDER ABANDONED_AFTER_MS`. It prints the
 * port it listens on once it answers.
 */
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../db/client.ts';
import { buildTestApp } from './app.ts';

const [url, folder, abandonedAfterMs] = process.argv.slice(2);
const harness = await buildTestApp('postgres', {
  database: await openDatabase({ url }),
  maker: { folder: folder!, limits: { abandonedAfterMs: Number(abandonedAfterMs) } },
});
await harness.app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${(harness.app.server.address() as AddressInfo).port}\n`);
