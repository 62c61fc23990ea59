// storage-growth: what 20 further versions of a generated 20 MB Turtle source add to the
// source store, each changing 1% of its lines at random places (the ratio), against what the
// first version took; and the same with new terms inserted in sorted order (details). Runs the
// store's own write path (insertOntology, appendCommit in a transaction: the source is
// diffed against the head and written as compressed pieces) on a database of its own (a fresh
// PostgreSQL database, or an in-process PGlite on the embedded target), not through HTTP: a
// 20 MB source is over the JSON body limit. Sizes are pg_total_relation_size of the store's
// two tables before and after (the stored bytes of the pieces are in the details too). Read
// times: the newest version (20 deltas deep) rebuilt whole, and streamed in chunks, against
// one SELECT of the same text from a plain text column (how sources were kept before).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openBenchPostgres } from '../lib/database.mjs';
import { editedVersion, generateTurtle, insertedVersion } from '../lib/large-turtle.mjs';

const SHAPE = { quick: { bytes: 2_000_000, versions: 5 }, full: { bytes: 20_000_000, versions: 20 } };

const TABLE_BYTES = `SELECT (pg_total_relation_size('commit_sources') + pg_total_relation_size('commit_source_pieces'))::float8 AS "bytes"`;
const STORED_BYTES = `SELECT COALESCE(sum("stored_bytes"), 0)::float8 AS "bytes" FROM "commit_sources" WHERE "ontology_id" = $1::uuid`;

async function openStoreDatabase(ctx, dbLib) {
  if (ctx.db.kind === 'pglite') {
    const db = await dbLib.createDatabase({ dataDir: '' });
    await db.migrate();
    return { db, dispose: () => db.close() };
  }
  const fresh = await openBenchPostgres(ctx.log, { prefix: 'oms_bench_storage' });
  const db = await dbLib.createDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  await db.migrate();
  return {
    db,
    dispose: async () => {
      await db.close();
      await fresh.dispose();
    },
  };
}

async function people(db) {
  const userId = randomUUID();
  const accountId = randomUUID();
  await db.sql.query(`INSERT INTO "users" ("id", "email", "name", "password_hash", "updated_at") VALUES ($1::uuid, $2, 'Bench', 'x', now())`, [userId, `${userId}@example.com`]);
  await db.sql.query(`INSERT INTO "accounts" ("id", "name", "owner_id", "updated_at") VALUES ($1::uuid, 'Bench', $2::uuid, now())`, [accountId, userId]);
  return { userId, accountId };
}

const bytesNow = async (db, sql, params = []) => Number((await db.sql.query(sql, params))[0].bytes);

/** Stores `versions` as one ontology's history; answers the table bytes and stored bytes of the first and of the rest, and the commit ids. */
async function storeHistory(dbLib, db, who, versions, log) {
  const ontologyId = randomUUID();
  const commit = (seq, source) => ({
    id: randomUUID(), seq, parentHash: seq === 1 ? null : `h${seq - 1}`, commitHash: `h${seq}`, message: `v${seq}`,
    sourceFormat: 'turtle', version: `1.0.${seq}`, authorId: who.userId, source,
  });
  const before = await bytesNow(db, TABLE_BYTES);
  const first = commit(1, versions[0]);
  let started = performance.now();
  await dbLib.insertOntology(db.sql, { id: ontologyId, accountId: who.accountId, parentId: null, title: 'storage-growth', description: '', visibility: 'private', sourceFormat: 'turtle', version: '1.0.1', headHash: 'h1', headSeq: 1 }, first);
  const firstMs = performance.now() - started;
  const afterFirst = await bytesNow(db, TABLE_BYTES);
  const storedFirst = await bytesNow(db, STORED_BYTES, [ontologyId]);
  const ids = [first.id];
  started = performance.now();
  for (let seq = 2; seq <= versions.length; seq += 1) {
    const next = commit(seq, versions[seq - 1]);
    await db.prisma.$transaction((tx) => dbLib.appendCommit(tx, ontologyId, next, new Date()), { timeout: 120_000, maxWait: 10_000 });
    ids.push(next.id);
  }
  const deltaMs = (performance.now() - started) / (versions.length - 1);
  log(`stored the first version in ${firstMs.toFixed(0)} ms, each next one in ${deltaMs.toFixed(0)} ms on average`);
  const afterAll = await bytesNow(db, TABLE_BYTES);
  const storedAll = await bytesNow(db, STORED_BYTES, [ontologyId]);
  return { first: afterFirst - before, added: afterAll - afterFirst, storedFirst, storedAdded: storedAll - storedFirst, ids, firstMs, deltaMs };
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

export default {
  name: 'storage-growth',
  unit: 'bytes',
  goal: '<= 0.5',
  baseline: 'the bytes the first version took in the source store (pg_total_relation_size of its tables)',
  async run(ctx) {
    const shape = ctx.quick ? SHAPE.quick : SHAPE.full;
    // The built workspace (the bench builds the service first): the store's real write path.
    const dbLib = await import('@oms/db');
    const { db, dispose } = await openStoreDatabase(ctx, dbLib);
    try {
      const who = await people(db);
      const generated = generateTurtle(shape.bytes, 1);
      const edits = [generated.text];
      for (let k = 1; k <= shape.versions; k += 1) edits.push(editedVersion(edits[k - 1], 100 + k));
      ctx.log(`${edits.length} versions of ${(generated.text.length / 1e6).toFixed(1)} MB, 1% of the lines edited at random places each`);
      const scattered = await storeHistory(dbLib, db, who, edits, ctx.log);
      ctx.log(`scattered edits: first ${scattered.first} B, added ${scattered.added} B (stored bytes ${scattered.storedFirst} / ${scattered.storedAdded})`);

      let sortedGen = generated;
      const sorted = [generated.text];
      for (let k = 1; k <= shape.versions; k += 1) {
        sortedGen = insertedVersion(sortedGen, 200 + k);
        sorted.push(sortedGen.text);
      }
      const inserted = await storeHistory(dbLib, db, who, sorted, ctx.log);
      ctx.log(`sorted insertions: first ${inserted.first} B, added ${inserted.added} B (stored bytes ${inserted.storedFirst} / ${inserted.storedAdded})`);

      // Read-back: the newest version (the deepest chain), whole and streamed, against one text column.
      const newest = scattered.ids.at(-1);
      const query = dbLib.runnerQuery(db.sql);
      const whole = await timed(() => dbLib.readStoredSourceText(query, newest));
      if (whole.result !== edits.at(-1)) throw new Error('the newest version did not read back byte for byte');
      const streamed = await timed(async () => {
        let bytes = 0;
        for await (const chunk of dbLib.readSourceByteChunks(db.sessions, newest)) bytes += chunk.byteLength;
        return bytes;
      });
      const firstRead = await timed(() => dbLib.readStoredSourceText(query, scattered.ids[0]));
      if (firstRead.result !== edits[0]) throw new Error('the first version did not read back byte for byte');
      await db.sql.exec(`CREATE TABLE "bench_whole_sources" ("id" int PRIMARY KEY, "source" text NOT NULL)`);
      await db.sql.query(`INSERT INTO "bench_whole_sources" VALUES (1, $1)`, [edits.at(-1)]);
      const column = await timed(async () => (await db.sql.query(`SELECT "source" FROM "bench_whole_sources" WHERE "id" = 1`))[0].source);
      if (column.result !== edits.at(-1)) throw new Error('the text column did not read back');
      const columnBytes = await bytesNow(db, `SELECT pg_total_relation_size('bench_whole_sources')::float8 AS "bytes"`);
      ctx.log(`read newest (depth ${shape.versions}) ${whole.ms.toFixed(0)} ms whole, ${streamed.ms.toFixed(0)} ms streamed; first ${firstRead.ms.toFixed(0)} ms; text column ${column.ms.toFixed(0)} ms`);
      return {
        value: scattered.added,
        baseline_value: scattered.first,
        details: {
          source_mb: generated.text.length / 1e6,
          versions: shape.versions,
          sorted_insertions_ratio: inserted.added / inserted.first,
          stored_bytes_ratio: scattered.storedAdded / scattered.storedFirst,
          first_version_vs_text_column: scattered.first / columnBytes,
          write_first_ms: scattered.firstMs,
          write_next_ms: scattered.deltaMs,
          read_newest_ms: whole.ms,
          read_newest_streamed_ms: streamed.ms,
          read_first_ms: firstRead.ms,
          read_text_column_ms: column.ms,
        },
      };
    } finally {
      await dispose();
    }
  },
};
