// The separately deployed topology: the REST app with /internal/trpc and no /mcp of its
// own, and the MCP gateway as its own process calling it over tRPC.
import { createHash, randomBytes } from 'node:crypto';
import { authorizeInBrowser, chromiumAvailable, launchChromium, REDIRECT, suiteCanRun } from '@oms/testing';
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

  it('when an agent connects to the gateway at /mcp?toolsets=terms then the term tools run against the REST app, and an unknown toolset is 400', async () => {
    const user = await signUp(rest.url);
    const turtle =
      '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n@prefix ex: <http://example.org/gw#> .\n' +
      'ex:Bird a owl:Class ; rdfs:label "gateway bird" .\nex:Finch a owl:Class ; rdfs:label "gateway finch" ; rdfs:subClassOf ex:Bird .\n';
    const created = await fetch(`${rest.url}/api/v1/ontologies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ontology: { title: 'Gateway birds', source: turtle, source_format: 'turtle', visibility: 'private' } }),
    });
    const { id } = (await created.json()) as { id: string };
    const client = new Client({ name: 'gw-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp?toolsets=terms`), { requestInit: { headers: { Authorization: `Bearer ${user.token}` } } }),
    );
    try {
      expect((await client.listTools()).tools).toHaveLength(16);
      const found = await client.callTool({ name: 'search_terms', arguments: { query: 'gateway finch' } });
      expect(found.structuredContent).toMatchObject({ terms: [{ iri: 'http://example.org/gw#Finch', ontology_id: id }], total: 1 });
      const term = await client.callTool({ name: 'read_term', arguments: { ontology_id: id, iri: 'http://example.org/gw#Finch', version: '1.0.0' } });
      expect(term.structuredContent).toMatchObject({ parents: [{ iri: 'http://example.org/gw#Bird', label: 'gateway bird' }] });
      const children = await client.callTool({ name: 'list_term_children', arguments: { ontology_id: id, iri: 'http://example.org/gw#Bird' } });
      expect(children.structuredContent).toMatchObject({ terms: [{ iri: 'http://example.org/gw#Finch' }], has_more: false });
      const history = await client.callTool({ name: 'term_history', arguments: { ontology_id: id, iri: 'http://example.org/gw#Finch' } });
      expect(history.structuredContent).toMatchObject({ changes: [{ change: 'added', version: '1.0.0' }] });
      const missing = await client.callTool({ name: 'read_term', arguments: { ontology_id: id, iri: 'http://example.org/gw#Owl' } });
      expect(missing.isError).toBe(true);
      expect(JSON.stringify(missing.content)).toMatch(/search_terms/);
    } finally {
      await client.close();
    }
    const refused = await fetch(`${gateway.url}/mcp?toolsets=birds`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    expect(refused.status).toBe(400);
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

// OAuth access tokens at the gateway: the REST app is the authorization server, the gateway
// validates the tokens it issues (one BASE_URL for both, as behind the cluster's edge).
describe.runIf(suiteCanRun('the OAuth mcp-gateway suite', { Chromium: chromiumAvailable() }))('mcp-gateway with OAuth access tokens', () => {
  let oauthRest: RunningApp;
  let oauthGateway: RunningApp;
  let oauthDatabase: Awaited<ReturnType<typeof databaseEnv>>;

  beforeAll(async () => {
    oauthDatabase = await databaseEnv();
    oauthRest = await startApp('rest-api', { ...oauthDatabase.env, INTERNAL_TOKEN, MCP_ENDPOINT: 'off' });
    oauthGateway = await startApp('mcp-gateway', { REST_INTERNAL_URL: oauthRest.url, INTERNAL_TOKEN, BASE_URL: oauthRest.url, AUTH_INTERNAL_URL: oauthRest.url });
  });
  afterAll(async () => {
    await oauthGateway?.stop();
    await oauthRest?.stop();
    await oauthDatabase?.dispose();
  });

  /** Registers a public client, takes a new user through sign-in and consent, and redeems the code. */
  async function accessToken(): Promise<{ accessToken: string; clientId: string }> {
    const user = await signUp(oauthRest.url);
    const registered = await fetch(`${oauthRest.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Gateway Agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${oauthRest.url}/oauth/authorize`);
    for (const [key, value] of Object.entries({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: 'ontologies',
      resource: `${oauthRest.url}/mcp`,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'gateway-test',
    })) {
      authorize.searchParams.set(key, value);
    }
    const browser = await launchChromium();
    let redirected: URL;
    try {
      redirected = await authorizeInBrowser(browser, authorize, { email: user.email, password: 'long enough pw' });
    } finally {
      await browser.close();
    }
    const tokens = await fetch(`${oauthRest.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: redirected.searchParams.get('code') ?? '',
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: REDIRECT,
        resource: `${oauthRest.url}/mcp`,
      }),
    });
    expect(tokens.status).toBe(200);
    return { accessToken: ((await tokens.json()) as { access_token: string }).access_token, clientId };
  }

  const toolsList = (token: string) =>
    fetch(`${oauthGateway.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

  it('when an access token is revoked at /oauth/revoke then the gateway refuses it from the next call', async () => {
    const { accessToken: token, clientId } = await accessToken();
    expect((await toolsList(token)).status).toBe(200);
    const revoked = await fetch(`${oauthRest.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: clientId }),
    });
    expect(revoked.status).toBe(200);
    const refused = await toolsList(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata=/);
  });
});
