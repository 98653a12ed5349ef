import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../db/client.ts';
import { createTemplateDatabase, dropTestDatabase } from './database.ts';

/**
 * Vitest global setup: creating a database and applying every migration takes seconds, once per
 * test file. It is done once per run here, and each test database starts as a copy of the result
 * (test-support/database.ts): PGlite from a dump of its data folder, PostgreSQL with
 * `CREATE DATABASE ... TEMPLATE`.
 */
export default async function prepareTemplateDatabases(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-test-template-'));
  const pgliteTemplateFile = path.join(folder, 'pglite-data.tar');
  fs.writeFileSync(
    pgliteTemplateFile,
    Buffer.from(await (await migratedPgliteDump()).arrayBuffer()),
  );
  project.provide('pgliteTemplateFile', pgliteTemplateFile);

  const postgresTemplate = process.env.TEST_DATABASE_URL
    ? await createTemplateDatabase()
    : undefined;
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (postgresTemplate) await dropTestDatabase(postgresTemplate);
  };
}
