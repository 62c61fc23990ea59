// Helpers of the cluster's fault test: timed requests through the edge, and the database
// checks that every ontology is whole and its hash chain verifies.
import pg from 'pg';
import { readStoredSourceText, type SqlQuery } from '@oms/db';
import { findBrokenLink, type ChainedCommit } from '@oms/domain';

/** No request may take longer than this, outage or not (the apps' own bounds are lower). */
export const REQUEST_TIMEOUT_MS = 15_000;

export type Answer = { status: number; retryAfter: string | null; ms: number; body: unknown; error?: string };

/** One request with a deadline; a network error or a timeout is an answer with status 0. */
export async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // HTML or empty
    }
    return { status: response.status, retryAfter: response.headers.get('retry-after'), ms: Date.now() - started, body };
  } catch (error) {
    return { status: 0, retryAfter: null, ms: Date.now() - started, body: null, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Every ontology of the database: whole (at least its first commit), its head the one applied commit, its chain intact. */
export async function checkHistories(databaseUrl: string): Promise<{ ontologies: number; commits: number; problems: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  const query: SqlQuery = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[];
  try {
    const ontologies = await client.query<{ id: string; version: string; head_hash: string; head_seq: number }>(
      'SELECT id, version, head_hash, head_seq FROM ontologies ORDER BY created_at',
    );
    const problems: string[] = [];
    let commits = 0;
    for (const ontology of ontologies.rows) {
      const rows = await client.query<{ id: string; seq: number; status: string; commit_hash: string; parent_hash: string | null; source_format: string; version: string; message: string; author_id: string }>(
        'SELECT id::text AS id, seq, status, commit_hash, parent_hash, source_format, version, message, author_id FROM commits WHERE ontology_id = $1 ORDER BY seq',
        [ontology.id],
      );
      commits += rows.rows.length;
      const history: ChainedCommit[] = [];
      for (const row of rows.rows) {
        // The source as the source store keeps it (whole or as deltas): the chain is over its bytes.
        const source = await readStoredSourceText(query, row.id);
        if (source === null) problems.push(`${ontology.id}: commit ${row.seq} has no stored source`);
        history.push({
          parentHash: row.parent_hash,
          sourceFormat: row.source_format,
          version: row.version,
          message: row.message,
          authorId: row.author_id,
          source: source ?? '',
          commitHash: row.commit_hash,
        });
      }
      if (history.length === 0) problems.push(`${ontology.id}: no commit`);
      const broken = findBrokenLink(history);
      if (broken !== -1) problems.push(`${ontology.id}: hash chain broken at commit ${broken}`);
      const applied = rows.rows.filter((row) => row.status === 'applied');
      const head = applied[0];
      if (applied.length !== 1 || !head) problems.push(`${ontology.id}: ${applied.length} applied commits`);
      else if (head.commit_hash !== ontology.head_hash || head.seq !== ontology.head_seq || head.version !== ontology.version) {
        problems.push(`${ontology.id}: head ${ontology.head_hash}@${ontology.head_seq} is not its applied commit ${head.commit_hash}@${head.seq}`);
      }
    }
    return { ontologies: ontologies.rows.length, commits, problems };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The commit hashes of one ontology. */
export async function commitHashes(databaseUrl: string, ontologyId: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const rows = await client.query<{ commit_hash: string }>('SELECT commit_hash FROM commits WHERE ontology_id = $1', [ontologyId]);
    return new Set(rows.rows.map((row) => row.commit_hash));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Terminates every backend of `database` but this one; answers how many. */
export async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const result = await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return result.rowCount ?? 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}
