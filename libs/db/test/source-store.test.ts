// The source store against a real database (PGlite, and PostgreSQL when DATABASE_URL is set):
// versions read back byte for byte through every reader, versions that differ a little cost a
// little, chains stay bounded, a failed commit or a deleted ontology leaves nothing, a streamed
// source is stored as it arrives, and the migration moves the sources of existing commits.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/create-database.js';
import { migrate, readMigrations } from '../src/migrator.js';
import { appendCommit, type NewCommit } from '../src/repositories/commit-writes.js';
import { sourceOfCommit } from '../src/repositories/commits.js';
import { insertOntology } from '../src/repositories/ontology-rows.js';
import { readSourceChunks } from '../src/repositories/source-chunks.js';
import { MAX_DELTA_DEPTH, prismaQuery, readStoredSourceText, runnerQuery, storedSourceInfo, storeSource } from '../src/source-store/index.js';
import { createTestDatabase, testBackends, type TestDatabase } from '../src/testing.js';

const SOURCES = ['', '\uFEFF@prefix : <#> .\r\n:a :b :c .\r\n', 'é 中 😀 z 𝄞 ü\n'.repeat(3000), 'no newline at the end', '\n\n\r\n'];

/** A sorted term list of about `count` terms, and a next version with 1% of the lines edited at random places. */
function termLines(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `ex:T${String(i * 10).padStart(7, '0')} a owl:Class ;\n    rdfs:label "term ${i} label"@en ;\n    rdfs:comment "comment of ${i} é" .\n`)
    .join('')
    .split(/(?<=\n)/);
}

function edited(lines: string[], seed: number): string[] {
  let state = seed;
  const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const next = [...lines];
  for (let k = 0; k < Math.round(lines.length / 100); k += 1) {
    const at = Math.floor(rand() * next.length);
    next[at] = (next[at] as string).replace(/"([^"]*)"/, `"$1 v${seed}"`);
  }
  return next;
}

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Fixture = { db: TestDatabase; userId: string; accountId: string };

async function people(db: Database): Promise<{ userId: string; accountId: string }> {
  const userId = randomUUID();
  const accountId = randomUUID();
  await db.sql.query(`INSERT INTO "users" ("id", "email", "name", "password_hash", "updated_at") VALUES ($1::uuid, $2, 'U', 'x', now())`, [userId, `${userId}@example.com`]);
  await db.sql.query(`INSERT INTO "accounts" ("id", "name", "owner_id", "updated_at") VALUES ($1::uuid, 'A', $2::uuid, now())`, [accountId, userId]);
  return { userId, accountId };
}

const commitOf = (f: Fixture, seq: number, source: NewCommit['source']): NewCommit => ({
  id: randomUUID(), seq, parentHash: seq === 1 ? null : `h${seq - 1}`, commitHash: `h${seq}`, message: 'm', sourceFormat: 'other', version: `1.0.${seq}`, authorId: f.userId, source,
});

/** A new ontology with a first commit of `first`; answers its id and the commit ids in order. */
async function ontologyWith(f: Fixture, versions: NewCommit['source'][]): Promise<{ id: string; commits: string[] }> {
  const id = randomUUID();
  const first = commitOf(f, 1, versions[0] ?? '');
  await insertOntology(f.db.sql, { id, accountId: f.accountId, parentId: null, title: 't', description: '', visibility: 'private', sourceFormat: 'other', version: '1.0.1', headHash: 'h1', headSeq: 1 }, first);
  const commits = [first.id];
  for (let seq = 2; seq <= versions.length; seq += 1) {
    const commit = commitOf(f, seq, versions[seq - 1] as NewCommit['source']);
    await f.db.prisma.$transaction((tx) => appendCommit(tx, id, commit, new Date()), { timeout: 60_000 });
    commits.push(commit.id);
  }
  return { id, commits };
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

async function storedRows(db: Database, commitIds: string[]) {
  const [row] = await db.sql.query<{ sources: number; pieces: number }>(
    `SELECT (SELECT count(*)::int FROM "commit_sources" WHERE "commit_id" = ANY($1::uuid[])) AS "sources",
            (SELECT count(*)::int FROM "commit_source_pieces" WHERE "commit_id" = ANY($1::uuid[])) AS "pieces"`,
    [commitIds],
  );
  return row;
}

describe.each(testBackends())('source store on %s', (backend) => {
  const f = {} as Fixture;
  beforeAll(async () => {
    f.db = await createTestDatabase({ backend });
    Object.assign(f, await people(f.db));
  });
  afterAll(async () => {
    await f.db?.dispose();
  });

  it('when versions with a BOM, CRLF, multi-byte characters or nothing are stored then every reader gives them back byte for byte', async () => {
    const { commits } = await ontologyWith(f, SOURCES);
    for (const [i, source] of SOURCES.entries()) {
      const commitId = commits[i] as string;
      expect(await sourceOfCommit(f.db.prisma, commitId)).toBe(source);
      expect(await readStoredSourceText(runnerQuery(f.db.sql), commitId)).toBe(source);
      expect(await text(readSourceChunks(f.db.sessions, commitId, { chunkBytes: 1000 }))).toBe(source);
      expect(await storedSourceInfo(runnerQuery(f.db.sql), commitId)).toEqual({ bytes: Buffer.byteLength(source), sha256: sha(source) });
    }
  });

  it('when 20 versions each change 1% of the lines at random places then together they add less than half of the first', async () => {
    const versions = [termLines(3000)];
    for (let k = 1; k <= 20; k += 1) versions.push(edited(versions[k - 1] as string[], k));
    const sources = versions.map((lines) => lines.join(''));
    const { commits } = await ontologyWith(f, sources);
    const rows = await f.db.sql.query<{ commit_id: string; depth: number; stored_bytes: string }>(
      `SELECT "commit_id"::text, "depth", "stored_bytes"::text FROM "commit_sources" WHERE "commit_id" = ANY($1::uuid[])`,
      [commits],
    );
    const byId = new Map(rows.map((row) => [row.commit_id, row]));
    const stored = commits.map((id) => Number(byId.get(id)?.stored_bytes));
    const added = stored.slice(1).reduce((sum, bytes) => sum + bytes, 0);
    expect(added / (stored[0] as number)).toBeLessThan(0.5);
    expect(commits.map((id) => byId.get(id)?.depth)).toEqual(commits.map((_, i) => i));
    for (const i of [0, 7, 20]) expect(await sourceOfCommit(f.db.prisma, commits[i] as string)).toBe(sources[i]);
  });

  it(`when a chain reaches ${MAX_DELTA_DEPTH} deltas then the next version is stored whole`, async () => {
    const versions = Array.from({ length: MAX_DELTA_DEPTH + 2 }, (_, i) => `line a\nline ${i}\nline c\n`);
    const { commits } = await ontologyWith(f, versions);
    const depths = await f.db.sql.query<{ depth: number }>(
      `SELECT s."depth" FROM "commit_sources" s JOIN "commits" c ON c."id" = s."commit_id" WHERE s."commit_id" = ANY($1::uuid[]) ORDER BY c."seq"`,
      [commits],
    );
    expect(depths.map((row) => row.depth)).toEqual([...Array.from({ length: MAX_DELTA_DEPTH + 1 }, (_, i) => i), 0]);
    expect(await sourceOfCommit(f.db.prisma, commits[MAX_DELTA_DEPTH] as string)).toBe(versions[MAX_DELTA_DEPTH]);
  });

  it('when a source arrives as a stream of bytes then it is stored as it comes, hashed over its bytes', async () => {
    const source = `\uFEFF${'a line é 😀\r\n'.repeat(50_000)}`;
    const bytes = Buffer.from(source, 'utf8');
    async function* arriving() {
      // Cuts inside characters on purpose.
      for (let at = 0; at < bytes.byteLength; at += 7777) yield bytes.subarray(at, at + 7777);
    }
    const { commits } = await ontologyWith(f, ['first\r\n', arriving()]);
    expect(await sourceOfCommit(f.db.prisma, commits[1] as string)).toBe(source);
    expect(await storedSourceInfo(runnerQuery(f.db.sql), commits[1] as string)).toEqual({ bytes: bytes.byteLength, sha256: sha(source) });
  });

  it('when the commit transaction fails after its source was stored then no piece of it is left', async () => {
    const { id } = await ontologyWith(f, ['v1\n']);
    const commit = commitOf(f, 2, 'v2\n'.repeat(100_000));
    await expect(
      f.db.prisma.$transaction(async (tx) => {
        await appendCommit(tx, id, commit, new Date());
        throw new Error('the terms could not be written');
      }),
    ).rejects.toThrow('the terms could not be written');
    expect(await storedRows(f.db, [commit.id])).toEqual({ sources: 0, pieces: 0 });
  });

  it('when a source is stored without a commit row then the transaction is refused at its end', async () => {
    const { id } = await ontologyWith(f, ['v1\n']);
    const orphan = randomUUID();
    await expect(f.db.sql.transaction(async (tx) => void (await storeSource(runnerQuery(tx), { commitId: orphan, ontologyId: id, source: 'x' })))).rejects.toThrow();
    expect(await storedRows(f.db, [orphan])).toEqual({ sources: 0, pieces: 0 });
  });

  it('when the writer passes the head text it holds then it is used only if it is the stored head', async () => {
    const head = 'a\nb\nc\n'.repeat(1000);
    const next = `${head}d\n`;
    for (const baseText of [head, `${head}not the head\n`]) {
      const { id, commits } = await ontologyWith(f, [head]);
      const commit = commitOf(f, 2, next);
      await f.db.prisma.$transaction((tx) => appendCommit(tx, id, commit, new Date(), baseText));
      expect(await sourceOfCommit(f.db.prisma, commit.id)).toBe(next);
      const [row] = await f.db.sql.query<{ base: string; depth: number }>(`SELECT "base_id"::text AS "base", "depth" FROM "commit_sources" WHERE "commit_id" = $1::uuid`, [commit.id]);
      expect(row).toEqual({ base: commits[0], depth: 1 });
    }
  });

  it('when an ontology is deleted then its stored sources and pieces go with it', async () => {
    const { id, commits } = await ontologyWith(f, ['a\nb\n', 'a\nc\n', 'a\nd\n']);
    expect((await storedRows(f.db, commits))?.sources).toBe(3);
    await f.db.sql.query(`DELETE FROM "ontologies" WHERE "id" = $1::uuid`, [id]);
    expect(await storedRows(f.db, commits)).toEqual({ sources: 0, pieces: 0 });
  });

  it('when a reader through Prisma and one through the driver read the same version then they agree', async () => {
    const { commits } = await ontologyWith(f, ['x\n'.repeat(10), 'x\n'.repeat(9) + 'y\n']);
    expect(await readStoredSourceText(prismaQuery(f.db.prisma), commits[1] as string)).toBe('x\n'.repeat(9) + 'y\n');
  });
});

/** A database migrated up to (not including) `before`, on the given back end. */
async function databaseBefore(backend: 'pglite' | 'postgres', before: string): Promise<{ db: Database; dispose(): Promise<void> }> {
  const all = await readMigrations();
  const url = process.env['DATABASE_URL'];
  let db: Database;
  let drop = async () => undefined;
  if (backend === 'postgres' && url) {
    const name = `oms_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const own = new URL(url);
    own.pathname = `/${name}`;
    db = await createDatabase({ databaseUrl: own.toString(), poolSize: 2 });
    drop = async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleaner.end();
    };
  } else {
    db = await createDatabase({ dataDir: '' });
  }
  await migrate(db.sql, all.filter((m) => m.name < before));
  return {
    db,
    dispose: async () => {
      await db.close();
      await drop();
    },
  };
}

describe.each(testBackends())('the source store migration on %s', (backend) => {
  it('when commits made before the store are migrated then their sources read back byte for byte and the old column is gone', async () => {
    const { db, dispose } = await databaseBefore(backend, '20261202120000_commit_source_store');
    try {
      const { userId, accountId } = await people(db);
      const ontologyId = randomUUID();
      await db.sql.query(
        `INSERT INTO "ontologies" ("id", "account_id", "title", "visibility", "source_format", "version", "head_hash", "head_seq", "updated_at") VALUES ($1::uuid, $2::uuid, 't', 'private', 'other', '1.0.0', 'h', 3, now())`,
        [ontologyId, accountId],
      );
      const large = `\uFEFF${'é 中 😀 line\r\n'.repeat(150_000)}`; // over 2 MiB: several pieces
      const sources = ['', large, 'head\n'];
      const ids = sources.map(() => randomUUID());
      for (const [i, source] of sources.entries()) {
        await db.sql.query(
          `INSERT INTO "commits" ("id", "ontology_id", "seq", "commit_hash", "message", "source_format", "status", "version", "author_id", "source", "updated_at")
           VALUES ($1::uuid, $2::uuid, $3, $4, 'm', 'other', $5, $6, $7::uuid, $8, now())`,
          [ids[i], ontologyId, i + 1, `h${i}`, i === 2 ? 'applied' : 'superseded', `1.0.${i}`, userId, source],
        );
      }
      await migrate(db.sql, await readMigrations());
      for (const [i, source] of sources.entries()) {
        expect(await readStoredSourceText(runnerQuery(db.sql), ids[i] as string)).toBe(source);
        expect(await storedSourceInfo(runnerQuery(db.sql), ids[i] as string)).toEqual({ bytes: Buffer.byteLength(source), sha256: sha(source) });
      }
      const columns = await db.sql.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'commits' AND column_name = 'source'`);
      expect(columns).toEqual([]);
      // The next version is a delta against the migrated head.
      const next = { id: randomUUID(), seq: 4, parentHash: 'h2', commitHash: 'h3', message: 'm', sourceFormat: 'other', version: '1.0.4', authorId: userId, source: 'head\nmore\n' };
      await db.prisma.$transaction((tx) => appendCommit(tx, ontologyId, next, new Date()));
      expect(await sourceOfCommit(db.prisma, next.id)).toBe('head\nmore\n');
    } finally {
      await dispose();
    }
  });
});
