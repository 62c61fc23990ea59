#!/usr/bin/env node
// One-shot migrator (docker-compose's `migrate` service, or `node deploy/migrate.mjs` after a
// build): applies prisma/migrations to DATABASE_URL with libs/db's migrator and exits. The
// migrator holds a PostgreSQL advisory lock per migration, so a rest-api replica starting at
// the same time waits instead of racing; the replicas then find nothing left to apply.
import { createDatabase } from '@oms/db';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  process.stderr.write('config error: DATABASE_URL: a postgres:// URL is required\n');
  process.exit(1);
}

const db = await createDatabase({ databaseUrl, poolSize: 1 });
try {
  const applied = await db.migrate();
  process.stdout.write(
    applied.length > 0 ? `migrated: applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'migrated: the database was up to date\n',
  );
} catch (error) {
  process.stderr.write(`migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
