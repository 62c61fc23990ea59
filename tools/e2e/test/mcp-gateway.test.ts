// The separately deployed topology: the REST app with /internal/trpc and no /mcp of its
// own, and the MCP gateway as its own process calling it over tRPC.
import { randomBytes } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv, signUp, startApp, type RunningApp } from './support/processes.js';

const INTERNAL_TOKEN = randomBytes(24).toString('hex');
let rest: RunningApp;
let gateway: RunningApp;
let database: Awaited<ReturnType<typeof databaseEnv>>;

beforeAll(async () => {
  database = await databaseEnv();
  rest = await startApp('rest-api', { ...database.env, INTERNAL_TOKEN, MCP_ENDPOINT: 'off' });
  gateway = await startApp('mcp-gateway', { REST_INTERNAL_URL: rest.url, INTERNAL_TOKEN });
});
afterAll(async () => {
  await gateway?.stop();
  await rest?.stop();
  await database?.dispose();
});

describe('mcp-gateway as its own process', () => {
  it('when an agent uses the gateway then its tools run against the REST app', async () => {
    const user = await signUp(rest.url);
    const client = new Client({ name: 'gw-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${user.token}` } } }),
    );
    try {
      const profile = await client.callTool({ name: 'read_profile', arguments: {} });
      expect(profile.structuredContent).toMatchObject({ email: user.email });
      const accounts = (await client.callTool({ name: 'list_accounts', arguments: {} })).structuredContent as { accounts: { id: string }[] };
      const bad = await client.callTool({
        name: 'create_ontology',
        arguments: { account_id: accounts.accounts[0]?.id, title: 'T', source: '{"a":', source_format: 'yaml' },
      });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toMatch(/line \d+/);
      const missing = await client.callTool({ name: 'read_commit', arguments: { id: '01a20413-0000-7000-8000-000000000000' } });
      expect(missing.isError).toBe(true);
      expect(JSON.stringify(missing.content)).toMatch(/list_commits/);
    } finally {
      await client.close();
    }
  });

  it('when the gateway runs without REDIS_URL then all 12 tools are listed and visualize_ontology says rendering is unavailable', async () => {
    const user = await signUp(rest.url);
    const client = new Client({ name: 'gw-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${user.token}` } } }),
    );
    try {
      expect((await client.listTools()).tools).toHaveLength(12);
      const accounts = (await client.callTool({ name: 'list_accounts', arguments: {} })).structuredContent as { accounts: { id: string }[] };
      const orm = '<orm:ORMModel xmlns:orm="http://schemas.neumont.edu/ORM/2006-04/ORMCore" id="_1" Name="M"/>';
      const created = await client.callTool({
        name: 'create_ontology',
        arguments: { account_id: accounts.accounts[0]?.id, title: 'ORM', source: orm, source_format: 'orm' },
      });
      expect(created.isError).toBeFalsy();
      const drawn = await client.callTool({ name: 'visualize_ontology', arguments: { id: (created.structuredContent as { id: string }).id } });
      expect(drawn.isError).toBe(true);
      expect(JSON.stringify(drawn.content)).toMatch(/no diagram renderer is configured/);
    } finally {
      await client.close();
    }
  });

  it('when /internal/trpc is called without the shared token then it answers 401', async () => {
    const response = await fetch(`${rest.url}/internal/trpc/profile.read`);
    expect(response.status).toBe(401);
    const wrong = await fetch(`${rest.url}/internal/trpc/profile.read`, { headers: { 'x-internal-token': 'x'.repeat(48) } });
    expect(wrong.status).toBe(401);
  });

  it('when the REST app runs with MCP_ENDPOINT=off then it has no /mcp, and the gateway is ready', async () => {
    expect((await fetch(`${rest.url}/mcp`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/mcp`, { method: 'POST' })).status).toBe(401);
  });
});
