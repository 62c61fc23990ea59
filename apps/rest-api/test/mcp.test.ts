// The agent-tool server at /mcp through real MCP clients of both protocol generations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { ORM2_TEMPLATE } from '@oms/guides';
import { connectMcp, resultJson, resultText, type Era } from '@oms/testing';
import { createOntology, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const EXPECTED_REQUIRED: Record<string, string[]> = {
  read_profile: [],
  list_accounts: [],
  list_ontologies: [],
  search_ontologies: ['query'],
  read_ontology: ['id'],
  create_ontology: ['account_id', 'source', 'source_format', 'title'],
  update_ontology: ['account_id', 'commit_message', 'id', 'source'],
  delete_ontology: ['account_id', 'id'],
  list_commits: ['ontology_id'],
  read_commit: ['id'],
  guide_orm_creation: ['domain_description'],
  visualize_ontology: ['id'],
};

const MISSING = '01a20413-0000-7000-8000-000000000000';

const { server, users: { alice, bob } } = useTestServer({ users: { alice: { name: 'Alice' }, bob: { name: 'Bob' } } });

describe('/mcp authentication', () => {
  it('when no token is sent then it answers 401 with the protected-resource metadata URL', async () => {
    const response = await server.request('POST', '/mcp', { json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="http://localhost:0/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = await server.request('GET', '/.well-known/oauth-protected-resource/mcp');
    expect(metadata.body).toMatchObject({ resource: 'http://localhost:0/mcp', bearer_methods_supported: ['header'] });
  });

  it('when the token is wrong then it answers 401 invalid_token', async () => {
    const response = await server.request('POST', '/mcp', { token: 'oms_nope', json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="http://localhost:0/.well-known/oauth-protected-resource/mcp", error="invalid_token"`,
    );
  });
});

describe.each(['modern', 'legacy'] as Era[])('the %s MCP client', (era) => {
  let client: Client;
  let bobClient: Client;
  beforeAll(async () => {
    client = await connectMcp(server.baseUrl, alice.token, era);
    bobClient = await connectMcp(server.baseUrl, bob.token, era);
  });
  afterAll(async () => {
    await client?.close();
    await bobClient?.close();
  });

  it('when connected then it speaks the expected protocol revision', () => {
    const version = client.getNegotiatedProtocolVersion();
    if (era === 'modern') expect(version).toBe('2026-07-28');
    else expect(version).toMatch(/^2025-/);
  });

  it('when tools are listed then the 12 tools have exactly the SPEC required parameters, schemas and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(EXPECTED_REQUIRED).sort());
    for (const tool of tools) {
      expect([...(tool.inputSchema.required ?? [])].sort(), tool.name).toEqual(EXPECTED_REQUIRED[tool.name]);
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.annotations?.readOnlyHint, tool.name).toBeTypeOf('boolean');
      expect(tool.annotations?.destructiveHint, tool.name).toBeTypeOf('boolean');
      expect(tool.annotations?.idempotentHint, tool.name).toBeTypeOf('boolean');
    }
  });

  it('when prompts and resources are listed then the three prompts and two resources are there, with the same texts', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['domain_model', 'orm_workflow', 'tool_patterns']);
    expect(prompts.find((prompt) => prompt.name === 'orm_workflow')?.arguments).toEqual([
      expect.objectContaining({ name: 'domain_description', required: true }),
    ]);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['service://domain-model', 'service://tool-guide']);
    for (const [uri, prompt] of [['service://domain-model', 'domain_model'], ['service://tool-guide', 'tool_patterns']] as const) {
      const resource = await client.readResource({ uri });
      const promptResult = await client.getPrompt({ name: prompt });
      const promptText = (promptResult.messages[0]?.content as { text: string }).text;
      expect((resource.contents[0] as { text: string }).text).toBe(promptText);
    }
    const orm = await client.getPrompt({ name: 'orm_workflow', arguments: { domain_description: 'A library lends books to members.' } });
    expect((orm.messages[0]?.content as { text: string }).text).toContain('A library lends books to members.');
  });

  it('when an agent runs the whole workflow then every step succeeds and REST reads what the tools wrote', async () => {
    const accounts = resultJson(await client.callTool({ name: 'list_accounts', arguments: {} }));
    const personal = accounts.accounts.find((account: { personal: boolean }) => account.personal);
    expect(personal.roles).toEqual(['admin']);

    const created = resultJson(
      await client.callTool({
        name: 'create_ontology',
        arguments: { account_id: personal.id, title: `Agent ${era}`, source: TURTLE, source_format: 'turtle', visibility: 'is_private' },
      }),
    );
    expect(created).toMatchObject({ version: '1.0.0', visibility: 'is_private', account_id: personal.id });

    const v2 = resultJson(
      await client.callTool({ name: 'update_ontology', arguments: { id: created.id, account_id: personal.id, source: `${TURTLE}# two\n`, commit_message: 'second' } }),
    );
    expect(v2.version).toBe('1.0.1');
    const v3 = resultJson(
      await client.callTool({
        name: 'update_ontology',
        arguments: { id: created.id, account_id: personal.id, source: `${TURTLE}# three\n`, commit_message: 'third', version: '2.0.0' },
      }),
    );
    expect(v3.version).toBe('2.0.0');

    const commits = resultJson(await client.callTool({ name: 'list_commits', arguments: { ontology_id: created.id } }));
    expect(commits.commits.map((c: { version: string; status: string }) => [c.version, c.status])).toEqual([
      ['2.0.0', 'applied'],
      ['1.0.1', 'superseded'],
      ['1.0.0', 'superseded'],
    ]);
    expect(commits).toMatchObject({ total: 3, limit: 20, offset: 0, has_more: false });
    expect(commits.commits[2].message).toBe('Initial commit');

    const commit = resultJson(await client.callTool({ name: 'read_commit', arguments: { id: commits.commits[1].id } }));
    expect(commit.source).toBe(`${TURTLE}# two\n`);

    const rest = await server.request('GET', `/api/v1/ontologies/${created.id}`, { token: alice.token });
    expect(rest.body).toMatchObject({ version: '2.0.0', head_hash: v3.head_hash, source: `${TURTLE}# three\n`, visibility: 'private' });

    const deleted = resultJson(await client.callTool({ name: 'delete_ontology', arguments: { id: created.id, account_id: personal.id } }));
    expect(deleted).toEqual({ deleted: true, id: created.id });
    const gone = await client.callTool({ name: 'read_ontology', arguments: { id: created.id } });
    expect(gone.isError).toBe(true);
    expect(resultText(gone)).toMatch(/list_ontologies/);
  });

  it('when reading, listing and searching then results are scoped and paged', async () => {
    const mine = await createOntology(server, alice.token, { title: `Searchable ${era} thing`, description: 'about zebras' });
    const profile = resultJson(await client.callTool({ name: 'read_profile', arguments: {} }));
    expect(profile).toEqual({ name: 'Alice', email: alice.email, time_zone: 'UTC', created_at: expect.any(String) });
    const read = resultJson(await bobClient.callTool({ name: 'read_ontology', arguments: { id: mine.id } }));
    expect(read).toMatchObject({ id: mine.id, source: TURTLE, visibility: 'is_public', head_hash: mine.head_hash, version: '1.0.0' });
    const secret = await createOntology(server, alice.token, { title: `Secret ${era} thing`, description: 'about zebras', visibility: 'private' });
    const search = resultJson(await bobClient.callTool({ name: 'search_ontologies', arguments: { query: 'ZEBRAS' } }));
    expect(search.ontologies.map((o: { id: string }) => o.id)).toContain(mine.id);
    expect(search.ontologies.map((o: { id: string }) => o.id)).not.toContain(secret.id);
    const ownSearch = resultJson(await client.callTool({ name: 'search_ontologies', arguments: { query: 'ZEBRAS' } }));
    expect(ownSearch.ontologies.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([mine.id, secret.id]));
    const bobsList = resultJson(await bobClient.callTool({ name: 'list_ontologies', arguments: { limit: 100 } }));
    expect(bobsList.ontologies.map((o: { id: string }) => o.id)).not.toContain(secret.id);
    const page = resultJson(await client.callTool({ name: 'list_ontologies', arguments: { limit: 1 } }));
    expect(page.ontologies).toHaveLength(1);
    expect(page.has_more).toBe(page.total > 1);
    const guide = resultJson(await client.callTool({ name: 'guide_orm_creation', arguments: { domain_description: 'Hospitals admit patients.' } }));
    expect(guide.template).toBe(ORM2_TEMPLATE);
    expect(guide.guidance).toContain('Hospitals admit patients.');
  });

  it('when ids are unknown or hidden then the tools answer isError with what to do next, alike', async () => {
    const hidden = await createOntology(server, alice.token, { visibility: 'private' });
    const missing = await bobClient.callTool({ name: 'read_ontology', arguments: { id: MISSING } });
    const secret = await bobClient.callTool({ name: 'read_ontology', arguments: { id: hidden.id } });
    expect(missing.isError).toBe(true);
    expect(secret.isError).toBe(true);
    expect(resultText(secret)).toBe(resultText(missing));
    const commits = await bobClient.callTool({ name: 'list_commits', arguments: { ontology_id: hidden.id } });
    const noCommits = await bobClient.callTool({ name: 'list_commits', arguments: { ontology_id: MISSING } });
    expect(commits.isError).toBe(true);
    expect(resultText(commits)).toBe(resultText(noCommits));
    // A real commit of the hidden ontology: its owner reads it, the outsider gets what a missing id gets.
    const hiddenCommitId = resultJson(await client.callTool({ name: 'list_commits', arguments: { ontology_id: hidden.id } })).commits[0].id;
    expect(resultJson(await client.callTool({ name: 'read_commit', arguments: { id: hiddenCommitId } }))).toMatchObject({ id: hiddenCommitId, source: TURTLE });
    const commit = await bobClient.callTool({ name: 'read_commit', arguments: { id: hiddenCommitId } });
    const noCommit = await bobClient.callTool({ name: 'read_commit', arguments: { id: MISSING } });
    expect(commit.isError).toBe(true);
    expect(resultText(commit)).toMatch(/list_commits/);
    expect(resultText(commit)).toBe(resultText(noCommit));
  });

  it('when a member is added to or removed from an account then the very next tool call sees it', async () => {
    const team = await server.request('POST', '/api/v1/accounts', { token: alice.token, json: { account: { name: `Team ${era}` } } });
    expect(team.status).toBe(201);
    const inTeam = await createOntology(server, alice.token, { visibility: 'private', account_id: team.body.id });
    const read = () => bobClient.callTool({ name: 'read_ontology', arguments: { id: inTeam.id } });
    expect((await read()).isError).toBe(true);
    const added = await server.request('POST', `/api/v1/accounts/${team.body.id}/account_users`, {
      token: alice.token,
      json: { account_user: { user_id: bob.id } },
    });
    expect(added.status).toBe(201);
    expect(resultJson(await read()).id).toBe(inTeam.id);
    const removed = await server.request('DELETE', `/api/v1/accounts/${team.body.id}/account_users`, { token: alice.token, json: { user_id: bob.id } });
    expect(removed.status).toBe(204);
    expect((await read()).isError).toBe(true);
  });

  it('when account_id, source or version are wrong then the write is refused with guidance and nothing changes', async () => {
    const [personal] = resultJson(await client.callTool({ name: 'list_accounts', arguments: {} })).accounts;
    const [bobsAccount] = resultJson(await bobClient.callTool({ name: 'list_accounts', arguments: {} })).accounts;
    const wrongAccount = await client.callTool({
      name: 'create_ontology',
      arguments: { account_id: bobsAccount.id, title: 'x', source: TURTLE, source_format: 'turtle' },
    });
    expect(wrongAccount.isError).toBe(true);
    expect(resultText(wrongAccount)).toMatch(/list_accounts/);

    const badSource = await client.callTool({
      name: 'create_ontology',
      arguments: { account_id: personal.id, title: 'x', source: '@prefix ex: <http://e/> .\nex:a ex:b "open', source_format: 'turtle' },
    });
    expect(badSource.isError).toBe(true);
    expect(resultText(badSource)).toMatch(/source .*line \d+/);

    const ontology = await createOntology(server, alice.token, { version: '1.5.0' });
    for (const version of ['1.4.9', '1.5.0', 'v2']) {
      const result = await client.callTool({
        name: 'update_ontology',
        arguments: { id: ontology.id, account_id: personal.id, source: `${TURTLE}# new\n`, commit_message: 'm', version },
      });
      expect(result.isError, version).toBe(true);
      expect(resultText(result)).toMatch(/version/);
    }
    // The same source (no commit would follow) does not let a lower version through.
    const unchanged = await client.callTool({
      name: 'update_ontology',
      arguments: { id: ontology.id, account_id: personal.id, source: ontology.source, commit_message: 'm', version: '1.4.0' },
    });
    expect(unchanged.isError).toBe(true);
    expect(resultText(unchanged)).toMatch(/greater than the current version 1\.5\.0/);
    const notOwner = await bobClient.callTool({
      name: 'update_ontology',
      arguments: { id: ontology.id, account_id: bobsAccount.id, source: `${TURTLE}# x\n`, commit_message: 'm' },
    });
    expect(notOwner.isError).toBe(true);
    const wrongOwnerId = await client.callTool({ name: 'delete_ontology', arguments: { id: ontology.id, account_id: bobsAccount.id } });
    expect(wrongOwnerId.isError).toBe(true);
    expect(resultText(wrongOwnerId)).toMatch(/account_id/);
    const after = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: alice.token });
    expect(after.body).toEqual(ontology);
  });

  it('when an agent sends arguments a tool does not have then the call is refused naming them, and nothing is written', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    const [personal] = resultJson(await client.callTool({ name: 'list_accounts', arguments: {} })).accounts;
    const before = resultJson(await client.callTool({ name: 'list_ontologies', arguments: { limit: 1 } })).total;
    const refused = await client.callTool({
      name: 'create_ontology',
      arguments: { account_id: personal.id, title: `Nested ${era}`, source: TURTLE, source_format: 'turtle', parent_id: personal.id },
    });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toMatch(/parent_id/);
    expect(resultJson(await client.callTool({ name: 'list_ontologies', arguments: { limit: 1 } })).total).toBe(before);
    const ontology = await createOntology(server, alice.token);
    const bump = await client.callTool({
      name: 'update_ontology',
      arguments: { id: ontology.id, account_id: personal.id, source: `${TURTLE}# minor\n`, commit_message: 'm', version_bump: 'minor' },
    });
    expect(bump.isError).toBe(true);
    expect(resultText(bump)).toMatch(/version_bump/);
    expect((await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: alice.token })).body).toEqual(ontology);
  });

  it('when ids are sent in upper case then the advertised schema allows it and the tools find the same objects', async () => {
    const { tools } = await client.listTools();
    const idSchema = tools.find((tool) => tool.name === 'read_ontology')?.inputSchema.properties?.['id'] as { pattern: string };
    const ontology = await createOntology(server, alice.token);
    expect(new RegExp(idSchema.pattern).test(ontology.id.toUpperCase())).toBe(true);
    expect(resultJson(await client.callTool({ name: 'read_ontology', arguments: { id: ontology.id.toUpperCase() } })).id).toBe(ontology.id);
    const commits = resultJson(await client.callTool({ name: 'list_commits', arguments: { ontology_id: ontology.id.toUpperCase() } }));
    expect(commits.total).toBe(1);
    expect(resultJson(await client.callTool({ name: 'read_commit', arguments: { id: commits.commits[0].id.toUpperCase() } })).source).toBe(TURTLE);
  });

  it('when required arguments are missing or mistyped then the call is refused without reaching the service', async () => {
    const outcome = await client.callTool({ name: 'create_ontology', arguments: { title: 'x' } }).then(
      (result) => ({ isError: result.isError === true, text: resultText(result) }),
      (error: Error) => ({ isError: true, text: error.message }),
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.text).not.toMatch(/at .*\.(ts|js):\d+/);
    const limit = await client.callTool({ name: 'list_ontologies', arguments: { limit: 1000 } }).then(
      (result) => result.isError === true,
      () => true,
    );
    expect(limit).toBe(true);
  });

  it('when arguments break the input schema then the isError text names each parameter in plain words and says what to do next', async () => {
    const missing = await client.callTool({ name: 'create_ontology', arguments: { title: 'x', source: TURTLE, source_format: 'turtle' } });
    expect(missing.isError).toBe(true);
    expect(resultText(missing)).toMatch(/`account_id` is required\. Take account ids from list_accounts\..*call create_ontology again/);
    const limit = await client.callTool({ name: 'list_ontologies', arguments: { limit: 101 } });
    expect(limit.isError).toBe(true);
    expect(resultText(limit)).toMatch(/`limit` must be at most 100\. limit is an integer from 1 to 100/);
    expect(resultText(limit)).not.toMatch(/Too big|expected number/);
  });
});

describe('protocol 2025-06-18 over raw HTTP', () => {
  it('when a 2025-06-18 client initializes and lists tools then it is served statelessly without a session id', async () => {
    const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    const init = await server.request('POST', '/mcp', {
      token: alice.token,
      headers,
      json: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'old', version: '0' } } },
    });
    expect(init.status).toBe(200);
    expect(init.text).toContain('"protocolVersion":"2025-06-18"');
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const list = await server.request('POST', '/mcp', {
      token: alice.token,
      headers: { ...headers, 'mcp-protocol-version': '2025-06-18' },
      json: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    });
    expect(list.status).toBe(200);
    expect(list.text).toContain('create_ontology');
  });
});
