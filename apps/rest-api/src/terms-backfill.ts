// `npm run terms:backfill`: one pass of the terms backfill (commits without terms get them, per
// ontology in commit order) against the configured database, without serving. The service
// also runs it at every start; this is for an operator who wants it done now, e.g. after a
// failed ontology's cause was fixed. On the embedded database, stop the service first (its
// folder is one process's). Exit code 1 when an ontology failed or stayed blocked.
import { createDatabase } from '@oms/db';
import { createServiceContext, startTermsBackfill } from '@oms/ontology-service';
import { createLogger, exitOnConfigProblems } from '@oms/platform';
import { loadConfig } from './config.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) exitOnConfigProblems(loaded.problems);
const config = loaded.config;
const logger = createLogger({ service: 'terms-backfill', level: config.logLevel });
const db = await createDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
await db.migrate();
const ctx = createServiceContext({ config, db, logger });
const summary = await startTermsBackfill(ctx, { logger }).done;
await Promise.all([ctx.backgroundTerms.close(), ctx.heavyWork.close()]);
await db.close();
process.stdout.write(`terms backfill: ${summary.commits} commit(s) indexed in ${summary.ontologies} ontologies; ${summary.blocked} blocked, ${summary.failed} failed\n`);
process.exitCode = summary.blocked > 0 || summary.failed > 0 ? 1 : 0;
