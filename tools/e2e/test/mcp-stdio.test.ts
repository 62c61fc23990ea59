// bin/mcp-stdio as an agent runs it: a subprocess over stdio, bridged to a running service.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv, ROOT, signUp, startApp, type RunningApp } from './support/processes.js';

const BIN = path.join(ROOT, 'bin', 'mcp-stdio');
let service: RunningApp;
let database: Awaited<ReturnType<typeof databaseEnv>>;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  database = await databaseEnv();
  service = await startApp('rest-api', database.env);
  user = await signUp(service.url);
});
afterAll(async () => {
  await service?.stop();
  await database?.dispose();
});

function runBridge(env: Record<string, string>): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(BIN, [], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: Date.now() - started });
    });
  });
}


/** bin/mcp-stdio for the test user, as an agent's client starts it. */
function bridgeTransport(extraEnv: Record<string, string> = {}): StdioClientTransport {
  return new StdioClientTransport({
    command: BIN,
    env: { PATH: process.env['PATH'] ?? '', SERVICE_BASE_URL: service.url, SERVICE_API_TOKEN: user.token, ...extraEnv },
    stderr: 'pipe',
  });
}
describe.each([
  ['modern', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
  ['legacy', {}],
] as const)('bin/mcp-stdio with the %s client', (_era, options) => {
  it('when the agent asks for progress on visualize_ontology then the notifications come through the bridge before the image', async () => {
    const source = readFileSync(path.join(ROOT, '..', 'shared', 'fixtures', 'ontologies', 'orm', 'SimplestUnary.orm'), 'utf8');
    const created = await fetch(`${service.url}/api/v1/ontologies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ontology: { title: 'Progress over stdio', source, source_format: 'orm' } }),
    });
    const { id } = (await created.json()) as { id: string };
    const client = new Client({ name: 'stdio-test', version: '1.0.0' }, options);
    await client.connect(bridgeTransport());
    try {
      // Read at the notification level: the SDK client forgets a request's `onprogress` as soon as it
      // reads the response, so a notification read in the same chunk as the result never reaches it
      // (an SDK race on a loaded machine); its notification handlers still run, in the order read.
      const updates: { progress: number; total?: number }[] = [];
      client.setNotificationHandler('notifications/progress', (notification) => {
        updates.push(notification.params);
      });
      const result = await client.callTool({ name: 'visualize_ontology', arguments: { id } }, { onprogress: () => undefined });
      expect(result.isError).toBeFalsy();
      expect(result.content.some((part) => part.type === 'image' && part.mimeType === 'image/png')).toBe(true);
      expect(updates.map((update) => [update.progress, update.total])).toEqual([
        [0, 2],
        [2, 2],
      ]);
    } finally {
      await client.close();
    }
  });

  it('when an agent connects then tools, prompts and resources of the service are served and calls run there', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' }, options);
    const transport = bridgeTransport();
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('create_ontology');
      expect(tools).toHaveLength(12);
      const { prompts } = await client.listPrompts();
      expect(prompts).toHaveLength(3);
      const resource = await client.readResource({ uri: 'service://tool-guide' });
      expect((resource.contents[0] as { text: string }).text).toContain('update_ontology');

      const accounts = (await client.callTool({ name: 'list_accounts', arguments: {} })).structuredContent as { accounts: { id: string }[] };
      const created = await client.callTool({
        name: 'create_ontology',
        arguments: { account_id: accounts.accounts[0]?.id, title: 'Over stdio', source: 'free text', source_format: 'other' },
      });
      expect(created.isError).toBeFalsy();
      const id = (created.structuredContent as { id: string }).id;
      const rest = await fetch(`${service.url}/api/v1/ontologies/${id}`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(((await rest.json()) as { title: string }).title).toBe('Over stdio');
      const missing = await client.callTool({ name: 'read_ontology', arguments: { id: '01a20413-0000-7000-8000-000000000000' } });
      expect(missing.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe.each([
  ['modern', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
  ['legacy', {}],
] as const)('bin/mcp-stdio with SERVICE_TOOLSETS=terms and the %s client', (era, options) => {
  it('when an agent lists tools then the four term tools come beside the 12, and a search runs at the service', async () => {
    const turtle = '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n' +
      `<http://example.org/s#Sparrow> a owl:Class ; rdfs:label "${era} stdio sparrow" .\n`;
    const created = await fetch(`${service.url}/api/v1/ontologies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ontology: { title: 'Birds over stdio', source: turtle, source_format: 'turtle', visibility: 'private' } }),
    });
    expect(created.status).toBe(201);
    const client = new Client({ name: 'stdio-test', version: '1.0.0' }, options);
    await client.connect(bridgeTransport({ SERVICE_TOOLSETS: 'terms' }));
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toHaveLength(16);
      expect(names).toEqual(expect.arrayContaining(['search_terms', 'read_term', 'list_term_children', 'term_history']));
      const found = await client.callTool({ name: 'search_terms', arguments: { query: `${era} stdio sparrow` } });
      expect(found.structuredContent).toMatchObject({ terms: [{ iri: 'http://example.org/s#Sparrow', ontology_title: 'Birds over stdio', match: 'label' }] });
    } finally {
      await client.close();
    }
  });
});

describe('bin/mcp-stdio with large sources', () => {
  it('when sources near and above the 10 MB limit are sent then the client reads every answer and the session stays open', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport = bridgeTransport();
    await client.connect(transport);
    try {
      const accounts = (await client.callTool({ name: 'list_accounts', arguments: {} })).structuredContent as { accounts: { id: string }[] };
      const base = { account_id: accounts.accounts[0]?.id, title: 'Large', source_format: 'other' };
      // Above 10 MiB the SDK's stdio reader used to close the session without an answer.
      const tooLarge = await client.callTool({ name: 'create_ontology', arguments: { ...base, source: 'x'.repeat(10 * 1024 * 1024 + 1) } });
      expect(tooLarge.isError).toBe(true);
      expect(JSON.stringify(tooLarge.content)).toMatch(/source.*too large/);
      // A 6 MB source: the answer holds only its first page (DESIGN 7), so it stays far below the client's 10 MiB.
      const source = `# ${'y'.repeat(6 * 1024 * 1024)}\n`;
      const created = await client.callTool({ name: 'create_ontology', arguments: { ...base, source } });
      expect(created.isError).toBeFalsy();
      const ontology = created.structuredContent as { id: string; source: string; head_hash: string; source_truncated: boolean; source_chars: number };
      expect(ontology).toMatchObject({ source_truncated: true, source_chars: source.length });
      expect(ontology.source).toBe(source.slice(0, ontology.source.length));
      const rest = await fetch(`${service.url}/api/v1/ontologies/${ontology.id}`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(((await rest.json()) as { head_hash: string }).head_hash).toBe(ontology.head_hash);
      // Lists carry no sources: two 6 MB ontologies list in one small answer.
      expect((await client.callTool({ name: 'create_ontology', arguments: { ...base, source } })).isError).toBeFalsy();
      const page = await client.callTool({ name: 'list_ontologies', arguments: {} });
      expect(page.isError).toBeFalsy();
      const items = (page.structuredContent as { ontologies: { source_bytes: number; source?: string }[] }).ontologies;
      expect(items.slice(0, 2).map((item) => [item.source_bytes, item.source])).toEqual([
        [source.length, undefined],
        [source.length, undefined],
      ]);
      const last = await client.callTool({ name: 'read_ontology', arguments: { id: ontology.id, source_offset: source.length - 10, source_length: 100 } });
      expect(last.structuredContent).toMatchObject({ source: source.slice(-10), source_truncated: false, next_source_offset: null });
      expect((await client.callTool({ name: 'read_profile', arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('bin/mcp-stdio when its token is revoked during a session', () => {
  it('when a tool is called after the revocation then it is an isError result saying to set a new SERVICE_API_TOKEN, and the session stays open', async () => {
    const revoked = await signUp(service.url);
    const client = new Client({ name: 'stdio-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StdioClientTransport({
        command: BIN,
        env: { PATH: process.env['PATH'] ?? '', SERVICE_BASE_URL: service.url, SERVICE_API_TOKEN: revoked.token },
        stderr: 'pipe',
      }),
    );
    try {
      expect((await client.callTool({ name: 'read_profile', arguments: {} })).isError).toBeFalsy();
      const auth = { authorization: `Bearer ${revoked.token}` };
      const [token] = (await (await fetch(`${service.url}/api/v1/api_tokens`, { headers: auth })).json()) as { id: string }[];
      expect((await fetch(`${service.url}/api/v1/api_tokens/${token?.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
      const refused = await client.callTool({ name: 'read_profile', arguments: {} });
      expect(refused.isError).toBe(true);
      const text = JSON.stringify(refused.content);
      expect(text).toMatch(/refused SERVICE_API_TOKEN \(HTTP 401\).*new API token/);
      expect(text).not.toMatch(/POSTing|endpoint/);
      // The session survives: the next call is answered too.
      expect((await client.callTool({ name: 'list_accounts', arguments: {} })).isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('bin/mcp-stdio failing fast', () => {
  it('when the token is refused then it exits non-zero within 5 s with one clear line', async () => {
    const result = await runBridge({ SERVICE_BASE_URL: service.url, SERVICE_API_TOKEN: 'oms_revoked' });
    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(5_000);
    expect(result.stderr.trim()).toMatch(/^mcp-stdio: SERVICE_API_TOKEN was refused/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('when a variable is missing then it exits non-zero at once naming it', async () => {
    const result = await runBridge({ SERVICE_BASE_URL: service.url });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/SERVICE_API_TOKEN/);
    const noUrl = await runBridge({ SERVICE_API_TOKEN: user.token });
    expect(noUrl.stderr).toMatch(/SERVICE_BASE_URL/);
  });

  it('when SERVICE_TOOLSETS names a toolset the service does not know then it exits non-zero with the service\'s reason', async () => {
    const result = await runBridge({ SERVICE_BASE_URL: service.url, SERVICE_API_TOKEN: user.token, SERVICE_TOOLSETS: 'spells' });
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim()).toMatch(/^mcp-stdio: .*\/mcp\?toolsets=spells answered 400: Unknown toolset "spells".*SERVICE_TOOLSETS/);
  });

  it('when the service is unreachable then it exits non-zero within 5 s', async () => {
    const result = await runBridge({ SERVICE_BASE_URL: 'http://127.0.0.1:9', SERVICE_API_TOKEN: user.token });
    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(5_000);
    expect(result.stderr).toMatch(/cannot reach/);
  });
});
