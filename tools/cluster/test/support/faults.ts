// Helpers of the cluster's fault test: a redis-server of its own that can really be stopped
// and started again on the same port, timed requests through the edge, and the database
// checks that every ontology is whole and its hash chain verifies.
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { findBrokenLink, type ChainedCommit } from '@oms/domain';
import { until } from '@oms/testing';

export const REDIS_SERVER = process.env['REDIS_SERVER'] || '/usr/bin/redis-server';
/** No request may take longer than this, outage or not (the apps' own bounds are lower). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** A redis-server on 127.0.0.1:port without persistence: a stop loses its data, like a restart of a cache. */
export class RedisProcess {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    const child = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
      stdio: 'ignore',
    });
    this.child = child;
    await until(`redis-server did not listen on ${this.port}`, 10_000, async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) on port ${this.port}`);
      return (await ping(this.port)) ? true : undefined;
    });
  }

  /** Stops it for real (SIGTERM, then SIGKILL after 5 s): the port refuses connections until start(). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

async function ping(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

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
  try {
    const ontologies = await client.query<{ id: string; version: string; head_hash: string; head_seq: number }>(
      'SELECT id, version, head_hash, head_seq FROM ontologies ORDER BY created_at',
    );
    const problems: string[] = [];
    let commits = 0;
    for (const ontology of ontologies.rows) {
      const rows = await client.query<{ seq: number; status: string; commit_hash: string; parent_hash: string | null; source_format: string; version: string; message: string; author_id: string; source: string }>(
        'SELECT seq, status, commit_hash, parent_hash, source_format, version, message, author_id, source FROM commits WHERE ontology_id = $1 ORDER BY seq',
        [ontology.id],
      );
      commits += rows.rows.length;
      const history: ChainedCommit[] = rows.rows.map((row) => ({
        parentHash: row.parent_hash,
        sourceFormat: row.source_format,
        version: row.version,
        message: row.message,
        authorId: row.author_id,
        source: row.source,
        commitHash: row.commit_hash,
      }));
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
