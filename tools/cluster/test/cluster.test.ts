// `npm run cluster` end to end: the runner starts two processes each of rest-api,
// mcp-gateway and render-worker behind nginx on a fresh database; a REST client and an MCP
// client then work only through the edge, a worker process renders the ORM diagram, the
// edge refuses /internal, and SIGINT leaves no process behind.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { alive, descendants, dropDatabase, freePort, postgresAnswers, redisAnswers, startCluster, suiteCanRun, until, withDatabase, type ClusterState, type ProcInfo } from '@oms/testing';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIXTURE = path.join(ROOT, '..', 'shared', 'fixtures', 'ontologies', 'orm', 'SimplestUnary.orm');
const DATABASE_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env['REDIS_URL'] || 'redis://127.0.0.1:6379';
const NGINX = process.env['NGINX'] || '/usr/sbin/nginx';
// A Redis database of its own, so other suites' render queues do not mix in.
const REDIS_DB = 9;
// Every wait is bounded; together they stay under 3 minutes (a normal run takes about 15 s).
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

// Are nginx, PostgreSQL and Redis here? REQUIRE_SERVICES=1 makes a missing one a failure.
const needs = {
  [`nginx (${NGINX})`]: existsSync(NGINX),
  [`PostgreSQL (${new URL(DATABASE_URL).host})`]: await postgresAnswers(DATABASE_URL),
  [`Redis (${new URL(REDIS_URL).host})`]: await redisAnswers(REDIS_URL),
};

// ---------------------------------------------------------------------------------------

describe.runIf(suiteCanRun('the cluster test', needs))('npm run cluster', () => {
  const databaseName = `oms_cluster_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const workDir = mkdtempSync(path.join(tmpdir(), 'oms-cluster-test-'));
  const stateFile = path.join(workDir, 'state.json');
  let runner: ChildProcess;
  let output = '';
  let edge = '';
  let state: ClusterState;
  let started: ProcInfo[] = [];
  let token = '';
  let client: Client | undefined;
  let ormOntology: { id: string; head_hash: string } | undefined;

  beforeAll(async () => {
    const port = await freePort();
    edge = `http://127.0.0.1:${port}`;
    const redis = new URL(REDIS_URL);
    redis.pathname = `/${REDIS_DB}`;
    const cluster = startCluster({
      port,
      databaseUrl: withDatabase(DATABASE_URL, databaseName),
      redisUrl: redis.toString(),
      stateFile,
      timeoutMs: START_TIMEOUT_MS,
      onOutput: (text) => (output += text),
    });
    runner = cluster.runner;
    state = await cluster.ready;
  }, START_TIMEOUT_MS + 5_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    // Whatever a failed test left running (only what this runner started).
    if (runner && runner.exitCode === null && runner.signalCode === null) {
      const left = descendants(runner.pid ?? -1);
      runner.kill('SIGKILL');
      for (const info of left) if (alive(info)) process.kill(info.pid, 'SIGKILL');
    }
    await dropDatabase(DATABASE_URL, databaseName);
    rmSync(workDir, { recursive: true, force: true });
  }, 30_000);

  it('when it is ready then two processes of rest-api, web, gateway and worker, one auth-server and nginx run, all on loopback, as its children', () => {
    expect(state.edgeUrl).toBe(edge);
    expect(state.baseUrl).toBe(edge);
    const names = state.processes.map((p) => p.name).sort();
    expect(names).toEqual(['auth-server-1', 'edge', 'mcp-gateway-1', 'mcp-gateway-2', 'render-worker-1', 'render-worker-2', 'rest-api-1', 'rest-api-2', 'web-1', 'web-2']);
    for (const p of state.processes) expect(p.url, p.name).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const children = descendants(runner.pid ?? -1).map((info) => info.pid);
    for (const p of state.processes) expect(children, p.name).toContain(p.pid);
    expect(output).toContain(`(created)`);
  });

  it('when a user signs up and creates an ontology over REST through the edge then it can read it back', async () => {
    const email = `cluster-${Date.now()}@example.com`;
    const signUp = await fetch(`${edge}/api/v1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email, password: 'long enough pw', password_confirmation: 'long enough pw', name: 'Cluster' } }),
    });
    expect(signUp.status).toBe(201);
    token = ((await signUp.json()) as { user: { api_tokens: { token: string }[] } }).user.api_tokens[0]?.token ?? '';
    expect(token).toMatch(/^oms_/);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const created = await fetch(`${edge}/api/v1/ontologies`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        ontology: { title: 'Cluster pets', source: '@prefix ex: <http://example.org/> .\nex:Cat a ex:Animal .\n', source_format: 'turtle', visibility: 'private' },
      }),
    });
    expect(created.status).toBe(201);
    const ontology = (await created.json()) as { id: string; url: string; head_hash: string };
    expect(ontology.url.startsWith(`${edge}/`)).toBe(true);

    // Several reads, so both REST replicas answer some of them.
    for (let i = 0; i < 4; i++) {
      const read = await fetch(`${edge}/api/v1/ontologies/${ontology.id}`, { headers: auth });
      expect(read.status).toBe(200);
      expect(read.headers.get('etag')).toBe(`"${ontology.head_hash}"`);
      expect(await read.json()).toMatchObject({ id: ontology.id, title: 'Cluster pets', source_format: 'turtle' });
    }
    expect((await fetch(`${edge}/api/v1/ontologies/${ontology.id}`)).status).toBe(401);

    // The web interface through the edge: its pages send a browser without a session to sign in.
    const page = await fetch(`${edge}/ontologies/${ontology.id}`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/sign-in?return=${encodeURIComponent(`/ontologies/${ontology.id}`)}`);
    const signIn = await fetch(`${edge}${page.headers.get('location')}`);
    expect(await signIn.text()).toContain('name="return"');
  }, 15_000);

  it('when an agent uses MCP through the edge then its tools work and a render-worker process draws the ORM diagram', async () => {
    client = new Client({ name: 'cluster-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${edge}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    const accounts = await client.callTool({ name: 'list_accounts', arguments: {} });
    expect(accounts.isError).toBeFalsy();
    const accountId = (accounts.structuredContent as { accounts: { id: string }[] }).accounts[0]?.id;
    expect(accountId).toBeTruthy();

    const created = await client.callTool({
      name: 'create_ontology',
      arguments: { account_id: accountId, title: 'Cluster ORM', source: readFileSync(FIXTURE, 'utf8'), source_format: 'orm' },
    });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    ormOntology = created.structuredContent as { id: string; head_hash: string };
    expect(ormOntology.id).toBeTruthy();

    const drawn = await client.callTool({ name: 'visualize_ontology', arguments: { id: ormOntology.id } });
    expect(drawn.isError, JSON.stringify(drawn.content).slice(0, 500)).toBeFalsy();
    const image = (drawn.content as { type: string; mimeType?: string; data?: string }[]).find((block) => block.type === 'image');
    expect(image?.mimeType).toBe('image/png');
    expect(Buffer.from(image?.data ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');

    // The render ran as a BullMQ job, finished by one of the worker processes.
    const redis = new URL(REDIS_URL);
    const queue = new Queue('render', { connection: { host: redis.hostname, port: Number(redis.port || 6379), db: REDIS_DB, maxRetriesPerRequest: null } });
    try {
      const jobs = await queue.getJobs(['completed'], 0, 200);
      const job = jobs.find((candidate) => candidate?.data?.ontologyId === ormOntology?.id);
      expect(job?.data?.commitHash).toBe(ormOntology.head_hash);
      expect(job?.finishedOn).toBeGreaterThan(0);
    } finally {
      await queue.close();
    }
  }, 35_000);

  it('when an agent makes 30 more tool calls in one session then every one succeeds', async () => {
    const id = ormOntology?.id ?? '';
    const calls: { name: string; arguments: Record<string, unknown> }[] = [
      { name: 'read_ontology', arguments: { id } },
      { name: 'list_ontologies', arguments: { limit: 5 } },
      { name: 'search_ontologies', arguments: { query: 'Cluster' } },
      { name: 'list_commits', arguments: { ontology_id: id } },
      { name: 'read_profile', arguments: {} },
      { name: 'list_accounts', arguments: {} },
    ];
    for (let i = 0; i < 30; i++) {
      const call = calls[i % calls.length] ?? { name: 'read_profile', arguments: {} };
      const result = await client!.callTool(call);
      expect(result.isError, `${call.name}: ${JSON.stringify(result.content).slice(0, 300)}`).toBeFalsy();
    }
    const found = await client!.callTool({ name: 'search_ontologies', arguments: { query: 'Cluster' } });
    expect((found.structuredContent as { ontologies: { id: string }[] }).ontologies.map((o) => o.id)).toContain(id);
  }, 20_000);

  it('when /internal is requested through the edge then it answers 404, also with the internal token header', async () => {
    const headers = { 'x-internal-token': 'x'.repeat(64), authorization: `Bearer ${token}` };
    for (const pathname of ['/internal/trpc/profile.read', '/internal/trpc/ontologies.list?batch=1', '/internal', '//internal/trpc/profile.read']) {
      const response = await fetch(`${edge}${pathname}`, { headers });
      expect(response.status, pathname).toBe(404);
      expect(await response.json(), pathname).toEqual({ error: 'not_found' });
    }
    const posted = await fetch(`${edge}/internal/trpc/ontologies.create`, { method: 'POST', headers, body: '{}' });
    expect(posted.status).toBe(404);
    // The apps' own health endpoints stay internal too; the edge has its own.
    expect((await fetch(`${edge}/readyz`)).status).toBe(404);
    expect((await fetch(`${edge}/healthz`)).status).toBe(200);
  }, 10_000);

  it('when the runner gets SIGINT then it stops and none of its processes is left', async () => {
    await client?.close();
    client = undefined;
    started = descendants(runner.pid ?? -1);
    // nginx's master and workers, two of each app, and the Chromium that rendered.
    expect(started.length).toBeGreaterThanOrEqual(state.processes.length + 1);
    const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
    runner.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS))]);
    expect(code, output.slice(-3000)).toBe(0);
    const left = await until('processes were still running', 8_000, () => {
      const running = started.filter(alive);
      return running.length === 0 ? running : undefined;
    }).catch(() => started.filter(alive));
    expect(left.map((info) => `${info.pid} ${info.command}`)).toEqual([]);
    await expect(fetch(`${edge}/healthz`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    expect(output).toContain('cluster: stopped');
  }, STOP_TIMEOUT_MS + 12_000);
});
