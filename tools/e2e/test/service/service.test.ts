// What users do with the service, end to end through its public origin only: sign-up and
// sign-in, ontologies over REST, the MCP workflow with a real client and an API token, the
// OAuth flow of an MCP client in a real browser, an ORM diagram drawn as PNG and the
// settings pages. One suite, two targets (vitest.config.ts runs this file once per target,
// SERVICE_TARGET): the single process `npm start` runs, and `npm run cluster`, where the
// tests also check that a long MCP session and an OAuth sign-in crossed the replicas.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { auth, Client, StreamableHTTPClientTransport, type FetchLike } from '@modelcontextprotocol/client';
import { CommitListResponse, CommitResponse, OntologyListResponse, OntologyResponse, SignInResponse } from '@oms/contracts';
import { authorizeInBrowser, connectMcp, connectMcpAt, launchChromium, resultJson, suiteCanRun, TestOAuthProvider, until } from '@oms/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes.js';
import { AUTH_REPLICAS, needsOf, startTarget, type AccessLogEntry, type ServiceTarget, type TargetName } from './support/targets.js';

const TARGET = process.env['SERVICE_TARGET'] as TargetName;
if (TARGET !== 'embedded' && TARGET !== 'cluster') throw new Error(`SERVICE_TARGET must be embedded or cluster, not ${TARGET}`);
const needs = await needsOf(TARGET);

const ORM_FIXTURE = path.join(ROOT, '..', 'shared', 'fixtures', 'ontologies', 'orm', 'PersonCountryDemo.orm');
const TURTLE = '@prefix ex: <http://example.org/> .\nex:Cat a ex:Animal .\n';
const PASSWORD = 'long enough pw';
const TOOLS = [
  'create_ontology',
  'delete_ontology',
  'guide_orm_creation',
  'list_accounts',
  'list_commits',
  'list_ontologies',
  'read_commit',
  'read_ontology',
  'read_profile',
  'search_ontologies',
  'update_ontology',
  'visualize_ontology',
];

/** A User-Agent of its own for one test's requests, to find them in the edge's access log. */
const marker = (what: string) => `oms-e2e-${what}/${randomBytes(6).toString('hex')}`;

/** A fetch that sends `userAgent` with every request (the OAuth client's and the MCP transport's). */
function fetchAs(userAgent: string): FetchLike {
  return (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set('user-agent', userAgent);
    return fetch(url, { ...init, headers });
  };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString()).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.runIf(suiteCanRun(`the ${TARGET} target`, needs))(`the service as ${TARGET === 'embedded' ? 'one process (npm start)' : 'a cluster (npm run cluster)'}`, () => {
  let target: ServiceTarget;
  let browser: Browser;
  let base = '';
  const user = { email: `e2e-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`, password: PASSWORD, name: 'Erin Endtoend', token: '', id: '' };
  let accountId = '';

  const rest = async (method: string, pathname: string, options: { token?: string; json?: unknown; userAgent?: string } = {}) => {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
        ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined };
  };

  /**
   * The access-log lines with `userAgent` once every app in `apps` has been seen on all its
   * replicas and `enough` holds (nginx writes a line after the answer went out, so give it a
   * moment), or whatever lines there are after 5 s.
   */
  const servedBy = async (userAgent: string, apps: string[], enough: (entries: AccessLogEntry[]) => boolean = () => true) => {
    const lines = () => (target.accessLog?.() ?? []).filter((entry) => entry.user_agent === userAgent);
    const replicasOf = (entries: AccessLogEntry[]) => {
      const seen: Record<string, Set<string>> = {};
      for (const entry of entries) {
        const app = target.appAt?.(entry.upstream) ?? `unknown upstream ${entry.upstream}`;
        (seen[app] ??= new Set()).add(entry.upstream);
      }
      return seen;
    };
    const complete = () => {
      const entries = lines();
      const seen = replicasOf(entries);
      return enough(entries) && apps.every((app) => (seen[app]?.size ?? 0) >= (target.replicas?.[app] ?? Infinity)) ? true : undefined;
    };
    await until('not every replica showed up in the access log', 5_000, complete).catch(() => undefined);
    const entries = lines();
    return { entries, replicas: replicasOf(entries) };
  };

  beforeAll(async () => {
    target = await startTarget(TARGET);
    base = target.baseUrl;
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await target?.stop();
  }, 45_000);

  describe('accounts over REST', () => {
    it('when a person signs up then the API token in the answer reads their profile', async () => {
      const signUp = await rest('POST', '/api/v1/users', {
        json: { user: { email: user.email, password: PASSWORD, password_confirmation: PASSWORD, name: user.name } },
      });
      expect(signUp.status, signUp.text).toBe(201);
      user.token = signUp.body.user.api_tokens[0].token;
      user.id = signUp.body.user.id;
      expect(user.token).toMatch(/^oms_/);
      const me = await rest('GET', '/api/v1/me', { token: user.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: user.id, name: user.name });
      const accounts = await rest('GET', '/api/v1/accounts', { token: user.token });
      accountId = accounts.body.find((account: { personal: boolean }) => account.personal).id;
      expect(accountId).toBeTruthy();
    });

    it('when the person signs in with the password then they get another working token, and with a wrong one 401', async () => {
      const signIn = await rest('POST', '/api/v1/auth', { json: { email: user.email, password: PASSWORD } });
      expect(signIn.status).toBe(200);
      const { token } = SignInResponse.parse(signIn.body);
      expect(token).not.toBe(user.token);
      expect((await rest('GET', '/api/v1/me', { token })).body).toMatchObject({ id: user.id });
      const wrong = await rest('POST', '/api/v1/auth', { json: { email: user.email, password: 'not the password' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'unauthorized' });
      expect((await rest('GET', '/api/v1/me')).status).toBe(401);
    });
  });

  describe('ontologies over REST', () => {
    it('when an ontology is created, patched, listed, its commits read and then deleted, then each answer shows the change', async () => {
      const tag = `Pets ${randomBytes(4).toString('hex')}`;
      const created = await rest('POST', '/api/v1/ontologies', {
        token: user.token,
        json: { ontology: { title: tag, source: TURTLE, source_format: 'turtle', visibility: 'private' } },
      });
      expect(created.status, created.text).toBe(201);
      const ontology = OntologyResponse.parse(created.body);
      expect(ontology).toMatchObject({ title: tag, version: '1.0.0', visibility: 'private' });
      expect(ontology.url.startsWith(`${base}/`)).toBe(true);

      const patched = await rest('PATCH', `/api/v1/ontologies/${ontology.id}`, {
        token: user.token,
        json: { ontology: { source: `${TURTLE}ex:Dog a ex:Animal .\n` }, version_bump: 'minor', change_summary: 'Dogs too' },
      });
      expect(patched.status, patched.text).toBe(200);
      const v2 = OntologyResponse.parse(patched.body);
      expect(v2.version).toBe('1.1.0');
      expect(v2.head_hash).not.toBe(ontology.head_hash);

      const listed = OntologyListResponse.parse((await rest('GET', `/api/v1/ontologies?filter=my_accounts&title=${encodeURIComponent(tag)}`, { token: user.token })).body);
      expect(listed.data.map((o) => [o.id, o.version])).toEqual([[ontology.id, '1.1.0']]);

      const commits = CommitListResponse.parse((await rest('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: user.token })).body);
      expect(commits.data.map((c) => [c.status, c.version, c.message])).toEqual([
        ['applied', '1.1.0', 'Dogs too'],
        ['superseded', '1.0.0', 'Initial commit via API'],
      ]);
      const first = CommitResponse.parse((await rest('GET', `/api/v1/ontologies/${ontology.id}/commits/${commits.data[1]!.id}`, { token: user.token })).body);
      expect(first.source).toBe(TURTLE);

      const deleted = await rest('DELETE', `/api/v1/ontologies/${ontology.id}`, { token: user.token });
      expect(deleted.status).toBe(204);
      expect((await rest('GET', `/api/v1/ontologies/${ontology.id}`, { token: user.token })).status).toBe(404);
      expect((await rest('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: user.token })).status).toBe(404);
    });
  });

  describe('concurrent writers over REST', () => {
    it('when ten PATCHes of one ontology run at once then the history is linear and no commit is older than its parent (in the cluster: written by both rest-api replicas)', async () => {
      const userAgent = marker('parallel-patches');
      const created = await rest('POST', '/api/v1/ontologies', {
        token: user.token,
        json: { ontology: { title: 'Parallel writers', source: TURTLE, source_format: 'turtle', visibility: 'private' } },
      });
      expect(created.status, created.text).toBe(201);
      const ontology = OntologyResponse.parse(created.body);
      const patches = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          rest('PATCH', `/api/v1/ontologies/${ontology.id}`, {
            token: user.token,
            userAgent,
            json: { ontology: { source: `${TURTLE}ex:Writer${i} a ex:Animal .\n` }, change_summary: `writer ${i}` },
          }),
        ),
      );
      expect(patches.map((patch) => patch.status), patches.map((patch) => patch.text.slice(0, 200)).join('\n')).toEqual(Array(10).fill(200));

      const history = CommitListResponse.parse((await rest('GET', `/api/v1/ontologies/${ontology.id}/commits?per_page=100`, { token: user.token })).body).data;
      expect(history.map((commit) => commit.version)).toEqual([...Array.from({ length: 10 }, (_, i) => `1.0.${10 - i}`), '1.0.0']);
      expect(history.map((commit) => commit.status)).toEqual(['applied', ...Array(10).fill('superseded')]);
      // Newest first: each commit's parent is the next one, and is not younger than it.
      const listing = history.map((commit) => `${commit.version} ${commit.created_at}`).join('\n');
      history.slice(0, -1).forEach((commit, i) => {
        const parent = history[i + 1]!;
        expect(commit.parent_hash, listing).toBe(parent.commit_hash);
        expect(Date.parse(commit.created_at), listing).toBeGreaterThanOrEqual(Date.parse(parent.created_at));
      });
      const head = OntologyResponse.parse((await rest('GET', `/api/v1/ontologies/${ontology.id}`, { token: user.token })).body);
      expect(Date.parse(head.updated_at)).toBeGreaterThanOrEqual(Date.parse(history[0]!.created_at));

      if (target.name === 'cluster') {
        const writes = (entries: AccessLogEntry[]) => entries.filter((entry) => entry.method === 'PATCH').length;
        const { entries, replicas } = await servedBy(userAgent, ['rest-api'], (lines) => writes(lines) >= 10);
        expect(writes(entries)).toBe(10);
        expect(replicas['rest-api']?.size, JSON.stringify(entries.slice(0, 10))).toBe(target.replicas?.['rest-api']);
      }
    });
  });

  describe('MCP with an API token', () => {
    let client: Client | undefined;
    afterAll(async () => {
      await client?.close();
    });

    it('when an agent creates, updates, reads and deletes an ontology with the tools then every step succeeds and REST sees the same', async () => {
      client = await connectMcp(base, user.token, 'modern');
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      const accounts = resultJson(await client.callTool({ name: 'list_accounts', arguments: {} }));
      expect(accounts.accounts.map((account: { id: string }) => account.id)).toContain(accountId);

      const created = resultJson(
        await client.callTool({ name: 'create_ontology', arguments: { account_id: accountId, title: 'Agent pets', source: TURTLE, source_format: 'turtle', visibility: 'is_private' } }),
      );
      expect(created).toMatchObject({ version: '1.0.0', account_id: accountId });
      const updated = resultJson(
        await client.callTool({ name: 'update_ontology', arguments: { id: created.id, account_id: accountId, source: `${TURTLE}# two\n`, commit_message: 'second' } }),
      );
      expect(updated.version).toBe('1.0.1');
      const read = resultJson(await client.callTool({ name: 'read_ontology', arguments: { id: created.id } }));
      expect(read).toMatchObject({ id: created.id, source: `${TURTLE}# two\n`, version: '1.0.1' });
      const commits = resultJson(await client.callTool({ name: 'list_commits', arguments: { ontology_id: created.id } }));
      expect(commits.commits.map((c: { version: string; status: string }) => [c.version, c.status])).toEqual([
        ['1.0.1', 'applied'],
        ['1.0.0', 'superseded'],
      ]);
      const found = resultJson(await client.callTool({ name: 'search_ontologies', arguments: { query: 'Agent pets' } }));
      expect(found.ontologies.map((o: { id: string }) => o.id)).toContain(created.id);

      const overRest = await rest('GET', `/api/v1/ontologies/${created.id}`, { token: user.token });
      expect(overRest.body).toMatchObject({ version: '1.0.1', head_hash: updated.head_hash, visibility: 'private' });

      expect(resultJson(await client.callTool({ name: 'delete_ontology', arguments: { id: created.id, account_id: accountId } }))).toEqual({ deleted: true, id: created.id });
      expect((await rest('GET', `/api/v1/ontologies/${created.id}`, { token: user.token })).status).toBe(404);
      expect((await client.callTool({ name: 'read_ontology', arguments: { id: created.id } })).isError).toBe(true);
    });

    it('when an agent connects at /mcp?toolsets=terms then it finds a term by label and reads it at a version (in the cluster: through the edge and a gateway)', async () => {
      const turtle = `${TURTLE}<http://example.org/toolset#Kestrel> a <http://www.w3.org/2002/07/owl#Class> ; <http://www.w3.org/2000/01/rdf-schema#label> "toolset kestrel" .\n`;
      const created = await rest('POST', '/api/v1/ontologies', { token: user.token, json: { ontology: { title: 'Toolset birds', source: turtle, source_format: 'turtle', visibility: 'private' } } });
      expect(created.status).toBe(201);
      const terms = await connectMcpAt(`${base}/mcp?toolsets=terms`, user.token, 'modern');
      try {
        expect((await terms.listTools()).tools).toHaveLength(TOOLS.length + 4);
        const found = resultJson(await terms.callTool({ name: 'search_terms', arguments: { query: 'toolset kestrel' } }));
        expect(found.terms).toMatchObject([{ iri: 'http://example.org/toolset#Kestrel', ontology_id: created.body.id, version: '1.0.0' }]);
        const term = resultJson(await terms.callTool({ name: 'read_term', arguments: { ontology_id: created.body.id, iri: 'http://example.org/toolset#Kestrel', version: '1.0.0' } }));
        expect(term).toMatchObject({ label: 'toolset kestrel', kind: 'class', parents: [] });
      } finally {
        await terms.close();
      }
    });

    it('when an ORM ontology is visualized then the tool and the REST diagram answer a PNG of it', async () => {
      client ??= await connectMcp(base, user.token, 'modern');
      const created = resultJson(
        await client.callTool({
          name: 'create_ontology',
          arguments: { account_id: accountId, title: 'Person and country', source: readFileSync(ORM_FIXTURE, 'utf8'), source_format: 'orm' },
        }),
      );
      const drawn = await client.callTool({ name: 'visualize_ontology', arguments: { id: created.id } });
      expect(drawn.isError, JSON.stringify(drawn.content).slice(0, 500)).toBeFalsy();
      const image = (drawn.content as { type: string; mimeType?: string; data?: string }[]).find((block) => block.type === 'image');
      expect(image?.mimeType).toBe('image/png');
      const size = pngSize(Buffer.from(image?.data ?? '', 'base64'));
      expect(size.width).toBeGreaterThan(200);
      expect(size.height).toBeGreaterThan(100);

      const diagram = await fetch(`${base}/api/v1/ontologies/${created.id}/diagram.png`, { headers: { authorization: `Bearer ${user.token}` }, signal: AbortSignal.timeout(60_000) });
      expect(diagram.status).toBe(200);
      expect(diagram.headers.get('content-type')).toMatch(/^image\/png/);
      expect(pngSize(Buffer.from(await diagram.arrayBuffer()))).toEqual(size);
    }, 90_000);

    it('when an agent makes 100 tool calls in one session then every one succeeds (in the cluster: answered by every gateway)', async () => {
      const userAgent = marker('long-session');
      const session = await connectMcp(base, user.token, 'modern', { 'user-agent': userAgent });
      try {
        const created = resultJson(
          await session.callTool({ name: 'create_ontology', arguments: { account_id: accountId, title: 'Long session', source: TURTLE, source_format: 'turtle' } }),
        );
        const reads = [
          { name: 'read_ontology', arguments: { id: created.id } },
          { name: 'list_ontologies', arguments: { limit: 5 } },
          { name: 'search_ontologies', arguments: { query: 'Long session' } },
          { name: 'list_commits', arguments: { ontology_id: created.id } },
          { name: 'read_profile', arguments: {} },
          { name: 'list_accounts', arguments: {} },
        ];
        let updates = 0;
        const failures: string[] = [];
        // 1 create, 98 reads and updates (every 7th call writes a commit), 1 check at the end.
        for (let i = 0; i < 98; i++) {
          const call =
            i % 7 === 6
              ? { name: 'update_ontology', arguments: { id: created.id, account_id: accountId, source: `${TURTLE}# call ${i}\n`, commit_message: `call ${i}` } }
              : reads[i % reads.length]!;
          const result = await session.callTool(call);
          if (result.isError) failures.push(`${i} ${call.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
          else if (call.name === 'update_ontology') updates += 1;
        }
        expect(failures).toEqual([]);
        const commits = resultJson(await session.callTool({ name: 'list_commits', arguments: { ontology_id: created.id, limit: 100 } }));
        expect(commits.total).toBe(1 + updates);
        expect(updates).toBe(14);
      } finally {
        await session.close();
      }
      if (target.name === 'cluster') {
        const toolCalls = (entries: AccessLogEntry[]) => entries.filter((entry) => entry.path === '/mcp' && entry.method === 'POST').length;
        const { entries, replicas } = await servedBy(userAgent, ['mcp-gateway'], (lines) => toolCalls(lines) >= 100);
        expect(toolCalls(entries)).toBeGreaterThanOrEqual(100);
        expect(entries.filter((entry) => entry.status >= 400)).toEqual([]);
        expect(replicas['mcp-gateway']?.size, JSON.stringify(entries.slice(0, 6))).toBe(target.replicas?.['mcp-gateway']);
      }
    }, 60_000);
  });

  describe('OAuth for an MCP client', () => {
    it('when an MCP client sends its user through sign-in and consent in the browser then its access token calls a tool (in the cluster: every step crossing the replicas)', async () => {
      const userAgent = marker('oauth');
      const fetchFn = fetchAs(userAgent);
      const provider = new TestOAuthProvider();
      const serverUrl = `${base}/mcp`;
      expect(await auth(provider, { serverUrl, fetchFn })).toBe('REDIRECT');
      expect(provider.authorizationUrl?.origin).toBe(base);
      expect(provider.discovery?.authorizationServerMetadata?.issuer).toBe(base);

      const redirected = await authorizeInBrowser(browser, provider.authorizationUrl as URL, user, { userAgent });
      expect(redirected.searchParams.get('error')).toBeNull();
      expect(redirected.searchParams.get('iss')).toBe(base);
      const code = redirected.searchParams.get('code') ?? '';
      expect(code).not.toBe('');
      expect(await auth(provider, { serverUrl, authorizationCode: code, iss: base, fetchFn })).toBe('AUTHORIZED');
      expect(provider.stored.access_token).toBeTruthy();

      const client = new Client({ name: 'oauth-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider, fetch: fetchFn }));
      try {
        for (let i = 0; i < 4; i++) {
          const profile = await client.callTool({ name: 'read_profile', arguments: {} });
          expect(profile.isError, JSON.stringify(profile.content)).toBeFalsy();
          expect(profile.structuredContent).toMatchObject({ email: user.email, name: user.name });
        }
      } finally {
        await client.close();
      }

      if (target.name === 'cluster') {
        expect(target.replicas?.['auth-server']).toBe(AUTH_REPLICAS);
        const { entries, replicas } = await servedBy(userAgent, ['auth-server', 'mcp-gateway'], (lines) => lines.filter((entry) => entry.path === '/mcp').length >= 4);
        const listing = entries.map((entry) => `${entry.method} ${entry.path} ${entry.status} ${target.appAt?.(entry.upstream)} ${entry.upstream}`).join('\n');
        // The flow: metadata, registration, authorize, sign-in, consent, the code's exchange, tool calls.
        for (const step of ['/oauth/register', '/oauth/token', '/mcp']) expect(entries.map((entry) => entry.path), listing).toContain(step);
        expect(entries.some((entry) => entry.path.startsWith('/oauth/interaction/') && entry.method === 'POST'), listing).toBe(true);
        expect(entries.filter((entry) => entry.status >= 400), listing).toEqual([]);
        expect(replicas['auth-server']?.size, listing).toBe(AUTH_REPLICAS);
        // Not just the metadata: the steps that carry the flow's state (authorize, sign-in,
        // consent, resume, the code's exchange) were answered by more than one replica.
        const stateful = entries.filter((entry) => /^\/oauth\/(authorize|interaction|token)/.test(entry.path));
        expect(new Set(stateful.map((entry) => entry.upstream)).size, listing).toBe(AUTH_REPLICAS);
        expect(replicas['mcp-gateway']?.size, listing).toBe(target.replicas?.['mcp-gateway']);
      }
    }, 60_000);
  });

  describe('the settings area', () => {
    it('when the person signs in at /settings then the API tokens, two-factor and connected apps pages load with their styles, and a token made there works', async () => {
      const context = await browser.newContext();
      const page: Page = await context.newPage();
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(base) && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
      try {
        const settings = await page.goto(`${base}/settings`);
        expect(settings?.ok()).toBe(true);
        await page.fill('input[name=email]', user.email);
        await page.fill('input[name=password]', PASSWORD);
        await page.click('button[type=submit]');
        await page.waitForURL('**/settings/api-tokens', { timeout: 15_000 });
        await page.waitForSelector('text=Your tokens', { timeout: 10_000 });

        for (const [slug, text] of [
          ['two-factor', 'Two-factor authentication is'],
          ['connected-apps', 'Test Agent <script>'],
          ['api-tokens', 'Your tokens'],
        ] as const) {
          const response = await page.goto(`${base}/settings/${slug}`);
          expect(response?.status(), slug).toBe(200);
          expect(await page.textContent('h1')).toBe('Settings');
          expect(await page.textContent('nav.tabs a.active')).toBeTruthy();
          expect(await page.textContent('main'), slug).toContain(text);
          // The stylesheet arrived: the page is laid out as a card, not as bare text.
          expect(await page.evaluate("getComputedStyle(document.querySelector('main')).borderRadius"), slug).toBe('12px');
        }
        // A form post (session cookie and CSRF token checked, in the cluster by either replica).
        await page.fill('input[name=name]', 'made in settings');
        await page.click('text=Create token');
        const token = (await page.textContent('#new-token'))?.trim() ?? '';
        expect(token).toMatch(/^oms_/);
        expect((await rest('GET', '/api/v1/me', { token })).body).toMatchObject({ id: user.id });
        expect(failed).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  });

  describe('the web pages', () => {
    it('when the person signs in from an ontology page then the pages work and the upload form commits a version (in the cluster: through the edge and both web replicas)', async () => {
      const userAgent = marker('web-pages');
      const orm = await rest('POST', '/api/v1/ontologies', {
        token: user.token,
        json: { ontology: { title: 'Web people and countries', source: readFileSync(ORM_FIXTURE, 'utf8'), source_format: 'orm', visibility: 'private' } },
      });
      expect(orm.status, orm.text).toBe(201);
      const parent = OntologyResponse.parse(orm.body);
      const child = await rest('POST', '/api/v1/ontologies', {
        token: user.token,
        json: { ontology: { title: 'Web pets', source: TURTLE, source_format: 'turtle', visibility: 'private', parent_id: parent.id } },
      });
      expect(child.status, child.text).toBe(201);
      const pets = OntologyResponse.parse(child.body);

      const context = await browser.newContext({ userAgent });
      const page: Page = await context.newPage();
      const failed: string[] = [];
      const violations: string[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(base) && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
      // The browser logs what the Content-Security-Policy refused (its favicon request's 404 is no concern here).
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      try {
        await page.goto(`${base}/sign-in?return=${encodeURIComponent(`/ontologies/${parent.id}`)}`);
        await page.fill('input[name=email]', user.email);
        await page.fill('input[name=password]', PASSWORD);
        await page.click('button[type=submit]');
        await page.waitForURL(`**/ontologies/${parent.id}`, { timeout: 15_000 });
        expect(await page.textContent('h1')).toBe('Web people and countries');
        // Styled, the ORM diagram drawn inline, the child listed.
        expect(await page.evaluate("getComputedStyle(document.querySelector('main')).borderRadius")).toBe('12px');
        const diagram = page.locator('svg.diagram[role=img]');
        expect(await diagram.isVisible()).toBe(true);
        expect((await diagram.boundingBox())?.width).toBeGreaterThan(200);
        expect(await page.textContent('section:has(#children)')).toContain('Web pets');

        for (const [pathname, text] of [
          ['/', 'Newest'],
          ['/ontologies', 'Web pets'],
          [`/search?q=${encodeURIComponent('Cat')}`, 'Cat'],
          [`/ontologies/${pets.id}/history`, 'Initial commit'],
        ] as const) {
          const response = await page.goto(`${base}${pathname}`);
          expect(response?.status(), pathname).toBe(200);
          expect(await page.textContent('main'), pathname).toContain(text);
        }

        // The upload form with its script (from the web app, through the edge): a new version, then the history.
        const form = await page.goto(`${base}/ontologies/${pets.id}/upload`);
        expect(form?.headers()['content-security-policy']).toContain("script-src 'self'");
        await page.fill('input[name=message]', 'Dogs from the browser');
        await page.setInputFiles('input[name=source]', { name: 'pets.ttl', mimeType: 'text/turtle', buffer: Buffer.from(`${TURTLE}ex:Dog a ex:Animal .\n`) });
        const posted = page.waitForResponse((response) => response.url().endsWith('/upload') && response.request().method() === 'POST');
        await page.click('button[type=submit]');
        expect((await posted).status()).toBeLessThan(400);
        await page.waitForURL(`**/ontologies/${pets.id}/history`, { timeout: 15_000 });
        expect(await page.textContent('main')).toContain('Dogs from the browser');
        const head = await rest('GET', `/api/v1/ontologies/${pets.id}`, { token: user.token });
        expect(head.body).toMatchObject({ version: '1.0.1', source: `${TURTLE}ex:Dog a ex:Animal .\n` });

        // The side-by-side diff of the two versions.
        await page.goto(`${base}/ontologies/${pets.id}/diff`);
        expect(await page.textContent('table.sbs td.added')).toContain('ex:Dog a ex:Animal .');
        expect(failed).toEqual([]);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
      if (TARGET === 'cluster') {
        const { entries, replicas } = await servedBy(userAgent, ['web'], (lines) => lines.some((entry) => entry.method === 'POST' && entry.path.endsWith('/upload')));
        expect(replicas['web']?.size, JSON.stringify(entries.map((entry) => [entry.path, entry.upstream]))).toBe(target.replicas?.['web']);
        const upload = entries.find((entry) => entry.method === 'POST' && entry.path.endsWith('/upload'));
        expect(upload && target.appAt?.(upload.upstream)).toBe('web');
        expect(entries.filter((entry) => entry.path === '/ontologies/upload-progress.js').map((entry) => target.appAt?.(entry.upstream))).toContain('web');
      }
    }, 90_000);
  });

  describe('stopping', () => {
    it('when the target is stopped then it exits cleanly, none of its processes is left and no app logged an error', async () => {
      await browser.close();
      const stopped = await target.stop();
      expect(stopped.left.map((info) => `${info.pid} ${info.command}`), target.output().slice(-3000)).toEqual([]);
      expect(stopped.signal).toBeNull();
      expect(stopped.code, target.output().slice(-3000)).toBe(0);
      // Nothing the suite did made an app log an error (pino JSON lines, `name | ` before them in the cluster).
      const errors = target
        .output()
        .split('\n')
        .map((line) => line.replace(/^[\w-]+ \| /, ''))
        .filter((line) => {
          try {
            return (JSON.parse(line) as { level?: unknown }).level as number >= 50;
          } catch {
            return false; // not a log record
          }
        });
      expect(errors).toEqual([]);
      await expect(fetch(`${base}/api/v1/me`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    }, 45_000);
  });
});
