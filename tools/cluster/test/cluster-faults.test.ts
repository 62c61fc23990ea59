// `npm run cluster` under faults (the deployment issue's fault-tolerance line): every
// PostgreSQL connection of the apps is killed in the middle of a write load, and the
// cluster's Redis (a redis-server of this test) is stopped for 10 s. Meanwhile requests
// answer 503 with Retry-After (never 500, never a hang); afterwards everything recovers by
// itself, every acknowledged write is there, no refused write is half-done, and every hash
// chain verifies.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import { alive, connectMcp, descendants, dropDatabase, freePort, postgresAnswers, RedisProcess, REDIS_SERVER, startCluster, suiteCanRun, until, withDatabase } from '@oms/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHistories, commitHashes, terminateBackends, timed, type Answer } from './support/faults.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIXTURE = path.join(ROOT, '..', 'shared', 'fixtures', 'ontologies', 'orm', 'SimplestUnary.orm');
const DATABASE_URL = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
const NGINX = process.env['NGINX'] || '/usr/sbin/nginx';
const START_TIMEOUT_MS = 60_000;
const REDIS_DOWN_MS = 10_000;
/** A request that needs Redis while it is away must be refused within this (the apps wait at most 2 s for a connection). */
const FAST_REFUSAL_MS = 5_000;
const TURTLE = '@prefix ex: <http://example.org/> .\nex:Cat a ex:Animal .\n';

const needs = {
  [`nginx (${NGINX})`]: existsSync(NGINX),
  [`redis-server (${REDIS_SERVER})`]: existsSync(REDIS_SERVER),
  [`PostgreSQL (${new URL(DATABASE_URL).host})`]: await postgresAnswers(DATABASE_URL),
};

const describeAnswer = (a: Answer) => `${a.status}${a.error ? ` ${a.error}` : ''} in ${a.ms} ms ${JSON.stringify(a.body).slice(0, 200)}`;

describe.runIf(suiteCanRun('the cluster fault test', needs))('npm run cluster under faults', () => {
  const databaseName = `oms_cluster_faults_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(DATABASE_URL, databaseName);
  const workDir = mkdtempSync(path.join(tmpdir(), 'oms-cluster-faults-'));
  let redis: RedisProcess;
  let runner: ChildProcess | undefined;
  let output = () => '';
  let edge = '';
  const email = `faults-${Date.now()}@example.com`;
  const password = 'long enough pw';
  let token = '';
  let mcp: Client | undefined;

  const api = (pathname: string, init: { method?: string; json?: unknown; token?: string | null } = {}) =>
    timed(`${edge}${pathname}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token === null ? {} : { authorization: `Bearer ${init.token ?? token}` }),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });

  // The runner stops the whole cluster when one app dies (an unhandled 'error' event, say).
  const noProcessDied = () => expect(output().match(/.*exited unexpectedly.*/g) ?? [], output().slice(-4_000)).toEqual([]);

  beforeAll(async () => {
    redis = new RedisProcess(await freePort());
    await redis.start();
    const port = await freePort();
    edge = `http://127.0.0.1:${port}`;
    const cluster = startCluster({ port, databaseUrl, redisUrl: redis.url, stateFile: path.join(workDir, 'state.json'), timeoutMs: START_TIMEOUT_MS });
    runner = cluster.runner;
    output = cluster.output;
    await cluster.ready;
    const signUp = await api('/api/v1/users', {
      method: 'POST',
      token: null,
      json: { user: { email, password, password_confirmation: password, name: 'Faults' } },
    });
    expect(signUp.status, describeAnswer(signUp)).toBe(201);
    token = (signUp.body as { user: { api_tokens: { token: string }[] } }).user.api_tokens[0]?.token ?? '';
  }, START_TIMEOUT_MS + 20_000);

  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    if (runner && runner.exitCode === null && runner.signalCode === null) {
      const left = descendants(runner.pid ?? -1);
      const exited = new Promise((resolve) => runner?.once('exit', resolve));
      runner.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (runner.exitCode === null && runner.signalCode === null) runner.kill('SIGKILL');
      for (const info of left) if (alive(info)) process.kill(info.pid, 'SIGKILL');
    }
    await redis?.stop();
    await dropDatabase(DATABASE_URL, databaseName);
    rmSync(workDir, { recursive: true, force: true });
  }, 40_000);

  it('when every PostgreSQL connection is killed during a write load then answers are 2xx or 503 with Retry-After, and every acknowledged write is there, whole', async () => {
    const targets: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await api('/api/v1/ontologies', { method: 'POST', json: { ontology: { title: `Target ${i}`, source: TURTLE, source_format: 'turtle' } } });
      expect(created.status, describeAnswer(created)).toBe(201);
      targets.push((created.body as { id: string }).id);
    }

    type Write = { kind: 'create' | 'update'; target?: string; answer: Answer; id?: string; headHash?: string };
    const writes: Write[] = [];
    const loadEnds = Date.now() + 5_000;
    const client = async (n: number) => {
      for (let i = 0; Date.now() < loadEnds; i++) {
        if (i % 2 === 0) {
          const answer = await api('/api/v1/ontologies', {
            method: 'POST',
            json: { ontology: { title: `Load ${n}.${i}`, source: `${TURTLE}# client ${n} write ${i}\n`, source_format: 'turtle' } },
          });
          writes.push({ kind: 'create', answer, ...(answer.status === 201 ? { id: (answer.body as { id: string }).id } : {}) });
        } else {
          const target = targets[(n + i) % targets.length] ?? '';
          const answer = await api(`/api/v1/ontologies/${target}`, { method: 'PATCH', json: { ontology: { source: `${TURTLE}# client ${n} write ${i}\n` } } });
          writes.push({ kind: 'update', target, answer, ...(answer.status === 200 ? { headHash: (answer.body as { head_hash: string }).head_hash } : {}) });
        }
      }
    };
    const load = Promise.all([1, 2, 3, 4].map(client));
    let terminated = 0;
    for (const at of [1_200, 2_600]) {
      await new Promise((resolve) => setTimeout(resolve, at - (5_000 - (loadEnds - Date.now()))));
      terminated += await terminateBackends(withDatabase(DATABASE_URL, 'postgres'), databaseName);
    }
    await load;

    const acked = writes.filter((w) => w.answer.status === 200 || w.answer.status === 201);
    const refused = writes.filter((w) => w.answer.status === 503);
    console.log(`database faults: ${terminated} backends terminated; ${writes.length} writes, ${acked.length} acknowledged, ${refused.length} refused (503)`);
    expect(terminated).toBeGreaterThan(0);
    for (const w of writes) expect([200, 201, 503], `${w.kind}: ${describeAnswer(w.answer)}`).toContain(w.answer.status);
    for (const w of refused) expect(w.answer.retryAfter, describeAnswer(w.answer)).toMatch(/^\d+$/);
    expect(acked.length).toBeGreaterThan(0);

    // Recovery by itself: the next writes succeed without a restart.
    const after = await until('a write did not succeed again', 20_000, async () => {
      const answer = await api('/api/v1/ontologies', { method: 'POST', json: { ontology: { title: 'After the faults', source: TURTLE, source_format: 'turtle' } } });
      return answer.status === 201 ? answer : undefined;
    });
    expect(after.status).toBe(201);

    // Every acknowledged write is there: created ontologies readable, updates' commits stored.
    for (const w of acked.filter((write) => write.kind === 'create')) {
      const read = await api(`/api/v1/ontologies/${w.id}`);
      expect(read.status, `created ${w.id}: ${describeAnswer(read)}`).toBe(200);
    }
    for (const target of targets) {
      const hashes = await commitHashes(databaseUrl, target);
      for (const w of acked.filter((write) => write.kind === 'update' && write.target === target)) expect(hashes.has(w.headHash ?? '')).toBe(true);
    }
    // Nothing half-done (an ontology without its first commit, a head that is not its applied
    // commit) and every hash chain verifies.
    const histories = await checkHistories(databaseUrl);
    expect(histories.problems).toEqual([]);
    expect(histories.ontologies).toBeGreaterThanOrEqual(3 + acked.filter((w) => w.kind === 'create').length + 1);
    noProcessDied();
  }, 60_000);

  it('when Redis is stopped for 10 s then sign-in and renders answer 503 with Retry-After at once, the rest keeps working, and all recovers by itself', async () => {
    const created = await api('/api/v1/ontologies', {
      method: 'POST',
      json: { ontology: { title: 'Faults ORM', source: readFileSync(FIXTURE, 'utf8'), source_format: 'orm' } },
    });
    expect(created.status, describeAnswer(created)).toBe(201);
    const orm = (created.body as { id: string }).id;
    mcp = await connectMcp(edge, token, 'modern');

    const restSignIn = () => api('/api/v1/auth', { method: 'POST', token: null, json: { email, password } });
    // The settings area's sign-in form (auth-server): the CSRF token is the cookie's value.
    const csrf = randomBytes(24).toString('base64url');
    const settingsSignIn = () =>
      timed(`${edge}/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `oms_csrf=${csrf}` },
        body: new URLSearchParams({ csrf, email, password, otp_attempt: '' }).toString(),
      });
    const diagram = () => api(`/api/v1/ontologies/${orm}/diagram.svg`);
    const visualize = async () => {
      const started = Date.now();
      const result = await mcp!.callTool({ name: 'visualize_ontology', arguments: { id: orm } }, { timeout: 15_000 });
      return { ok: !result.isError, ms: Date.now() - started, text: JSON.stringify(result.content).slice(0, 300) };
    };

    // Before: everything works.
    expect((await restSignIn()).status).toBe(200);
    expect((await settingsSignIn()).status).toBe(303);
    expect((await visualize()).ok).toBe(true);

    await redis.stop();
    const stoppedAt = Date.now();
    const needsRedis: { what: string; answer: Answer }[] = [];
    const renders: { ok: boolean; ms: number; text: string }[] = [];
    const others: { what: string; answer: Answer }[] = [];
    while (Date.now() - stoppedAt < REDIS_DOWN_MS - 2_500) {
      needsRedis.push({ what: 'REST sign-in', answer: await restSignIn() });
      needsRedis.push({ what: 'settings sign-in', answer: await settingsSignIn() });
      needsRedis.push({ what: 'diagram', answer: await diagram() });
      renders.push(await visualize());
      others.push({ what: 'read', answer: await api(`/api/v1/ontologies/${orm}`) });
      others.push({
        what: 'create',
        answer: await api('/api/v1/ontologies', { method: 'POST', json: { ontology: { title: 'While Redis is away', source: TURTLE, source_format: 'turtle' } } }),
      });
      const read = await mcp.callTool({ name: 'read_ontology', arguments: { id: orm } }, { timeout: 15_000 });
      others.push({ what: 'MCP read_ontology', answer: { status: read.isError ? 503 : 200, retryAfter: null, ms: 0, body: null } });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, REDIS_DOWN_MS - (Date.now() - stoppedAt))));
    await redis.start();
    console.log(
      `redis down ${Date.now() - stoppedAt} ms: ${needsRedis.length} requests needing Redis (slowest ${Math.max(...needsRedis.map((r) => r.answer.ms))} ms), ` +
        `${renders.length} MCP renders refused (slowest ${Math.max(...renders.map((r) => r.ms))} ms), ${others.length} other requests`,
    );

    for (const { what, answer } of needsRedis) {
      expect(answer.status, `${what}: ${describeAnswer(answer)}`).toBe(503);
      expect(answer.retryAfter, `${what}: ${describeAnswer(answer)}`).toMatch(/^\d+$/);
      expect(answer.ms, what).toBeLessThan(FAST_REFUSAL_MS);
    }
    for (const render of renders) {
      expect(render.ok, render.text).toBe(false);
      expect(render.text).toMatch(/not reachable|not available/);
      expect(render.ms).toBeLessThan(FAST_REFUSAL_MS);
    }
    for (const { what, answer } of others) expect([200, 201], `${what}: ${describeAnswer(answer)}`).toContain(answer.status);

    // After: each recovers by itself, without a restart of any app.
    const recovered = Date.now();
    await until('REST sign-in did not recover', 20_000, async () => ((await restSignIn()).status === 200 ? true : undefined));
    await until('settings sign-in did not recover', 20_000, async () => ((await settingsSignIn()).status === 303 ? true : undefined));
    await until('the MCP render did not recover', 30_000, async () => ((await visualize()).ok ? true : undefined));
    await until('the REST diagram did not recover', 30_000, async () => ((await diagram()).status === 200 ? true : undefined));
    console.log(`redis back: sign-in and renders work again within ${Date.now() - recovered} ms`);
    noProcessDied();
    const histories = await checkHistories(databaseUrl);
    expect(histories.problems).toEqual([]);
  }, 120_000);
});
