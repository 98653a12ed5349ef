/**
 * End-to-end set-up: grants the subscriber role to emails in a fresh data folder before the
 * server starts (grants apply to emails that sign up later). Usage, with DATA_DIR set:
 *   tsx src/test-support/grant-subscribers.ts EMAIL...
 */
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { grantSubscriber } from './firebase-users.ts';

const emails = process.argv.slice(2);
const config = readConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  for (const email of emails) await grantSubscriber(database, email);
} finally {
  await database.close();
}
