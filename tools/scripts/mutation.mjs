#!/usr/bin/env node
// `npm run mutation`: install what is missing (as `npm test` does), then mutation-test the
// authorization modules with StrykerJS (stryker.config.mjs). Not part of `npm test`: it runs
// the focused tests once per mutant. The database tests use PostgreSQL only (a PGlite database
// takes seconds to create, and every mutant re-creates its test files' databases): DATABASE_URL,
// else the local server at 127.0.0.1:5432. Reports: dist/mutation/index.html and mutation.json.
import path from 'node:path';
import { ensureReady, root, run } from './ensure-ready.mjs';

ensureReady();
const pg = (await import('pg')).default;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.error(`[mutation] PostgreSQL is not reachable at ${databaseUrl} (${error.message}); set DATABASE_URL to a server whose user may create databases.`);
  process.exit(1);
}
const env = { ...process.env, DATABASE_URL: databaseUrl, TEST_BACKENDS: 'postgres', REQUIRE_SERVICES: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const stryker = path.join(root, 'node_modules', '.bin', 'stryker');
process.exit(run(stryker, ['run', 'stryker.config.mjs', ...process.argv.slice(2)], { env }));
