// Issue 20's acceptance at real size: a catalog of twenty 1 MB ontologies and one of 2 MB, read by
// real MCP clients of both protocol generations over streamable HTTP and over bin/mcp-stdio, with
// every tool (the 12 and the terms toolset). Every result's JSON text, and its structured content,
// stays within the 100,000-character budget of DESIGN 7, and paging the 2 MB source joins to it exactly.
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { resultJson, resultText } from '@oms/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv, ROOT, signUp, startApp, type RunningApp } from './support/processes.js';

const BUDGET = 100_000;
const CATALOG = 20;
const BIN = path.join(ROOT, 'bin', 'mcp-stdio');
const MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;

let service: RunningApp;
let database: Awaited<ReturnType<typeof databaseEnv>>;
let user: Awaited<ReturnType<typeof signUp>>;
let bigId = '';
let bigSource = '';
let firstId = '';

/** A Turtle ontology of about `bytes`: classes with labels, synonyms, long definitions and a hierarchy. */
function catalogTurtle(index: number, bytes: number): string {
  const head =
    '@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n' +
    '@prefix obo: <http://purl.obolibrary.org/obo/> .\n@prefix oio: <http://www.geneontology.org/formats/oboInOwl#> .\n' +
    `@prefix c${index}: <http://example.org/catalog${index}#> .\n\n`;
  const parts = [head];
  let size = head.length;
  for (let n = 0; size < bytes; n += 1) {
    const parent = n === 0 ? '' : ` ;\n  rdfs:subClassOf c${index}:T${Math.floor((n - 1) / 8)}`;
    const term =
      `c${index}:T${n} a owl:Class ;\n  rdfs:label "catalog ${index} term ${n}"@en ;\n  oio:hasExactSynonym "synonym ${n} of catalog ${index}" ;\n` +
      `  obo:IAO_0000115 "${'A definition with \\"quotes\\", a backslash \\\\ and é. '.repeat(4)}"${parent} .\n`;
    parts.push(term);
    size += term.length;
  }
  return parts.join('');
}

async function createByRest(title: string, source: string): Promise<string> {
  const response = await fetch(`${service.url}/api/v1/ontologies?omit_source=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ontology: { title, source, source_format: 'turtle', visibility: 'private' } }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

beforeAll(async () => {
  database = await databaseEnv();
  service = await startApp('rest-api', database.env);
  user = await signUp(service.url);
  for (let index = 0; index < CATALOG; index += 1) {
    const id = await createByRest(`Catalog ${index}`, catalogTurtle(index, 1_000_000));
    if (index === 0) firstId = id;
  }
  bigSource = catalogTurtle(CATALOG, 2_000_000);
  bigId = await createByRest('Catalog big', bigSource);
}, 600_000);
afterAll(async () => {
  await service?.stop();
  await database?.dispose();
});

type Connect = () => Promise<Client>;
const clients: [string, Connect][] = [
  ['modern over HTTP', () => overHttp(MODERN)],
  ['legacy over HTTP', () => overHttp({})],
  ['modern over stdio', () => overStdio(MODERN)],
  ['legacy over stdio', () => overStdio({})],
];

async function overHttp(options: typeof MODERN | Record<string, never>): Promise<Client> {
  const client = new Client({ name: 'catalog-budget', version: '1.0.0' }, options);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${service.url}/mcp?toolsets=all`), { requestInit: { headers: { Authorization: `Bearer ${user.token}` } } }),
  );
  return client;
}

async function overStdio(options: typeof MODERN | Record<string, never>): Promise<Client> {
  const client = new Client({ name: 'catalog-budget', version: '1.0.0' }, options);
  await client.connect(
    new StdioClientTransport({
      command: BIN,
      env: { PATH: process.env['PATH'] ?? '', SERVICE_BASE_URL: service.url, SERVICE_API_TOKEN: user.token, SERVICE_TOOLSETS: 'all' },
      stderr: 'pipe',
    }),
  );
  return client;
}

describe.each(clients)('a catalog of twenty 1 MB ontologies, %s', (_name, connect) => {
  it('when every tool is called with its defaults then each result is within the budget, and the 2 MB source pages back exactly', async () => {
    const client = await connect();
    const sizes: Record<string, number> = {};
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      const text = resultText(result);
      expect(text.length, name).toBeLessThanOrEqual(BUDGET);
      if (result.structuredContent !== undefined) expect(JSON.stringify(result.structuredContent).length, name).toBeLessThanOrEqual(BUDGET);
      sizes[name] = Math.max(sizes[name] ?? 0, text.length);
      expect(result.isError, `${name}: ${text.slice(0, 300)}`).toBeFalsy();
      return resultJson(result);
    };
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toHaveLength(16);

      const listed = await call('list_ontologies', {});
      expect(listed.ontologies.length).toBeGreaterThanOrEqual(CATALOG);
      for (const item of listed.ontologies) expect(item).not.toHaveProperty('source');
      const searched = await call('search_ontologies', { query: 'Catalog', limit: 100 });
      expect(searched.ontologies).toHaveLength(CATALOG + 1);
      await call('read_profile', {});
      await call('list_accounts', {});

      const first = await call('read_ontology', { id: firstId });
      expect(first).toMatchObject({ source_truncated: true, source_chars: expect.any(Number) });
      let joined = '';
      let offset: number | null = 0;
      while (offset !== null) {
        const page = await call('read_ontology', { id: bigId, source_offset: offset, source_length: 90_000 });
        joined += page.source;
        offset = page.next_source_offset;
      }
      expect(joined === bigSource, 'the joined pages are the source').toBe(true);

      const commits = await call('list_commits', { ontology_id: bigId });
      const commit = await call('read_commit', { id: commits.commits[0].id });
      expect(commit.source_truncated).toBe(true);

      const terms = await call('search_terms', { query: 'term' });
      expect(terms.terms.length).toBeGreaterThan(0);
      const roots = await call('list_term_children', { ontology_id: bigId });
      expect(roots.terms.length).toBeGreaterThan(0);
      const iri = roots.terms[0].iri as string;
      await call('list_term_children', { ontology_id: bigId, iri });
      const term = await call('read_term', { ontology_id: bigId, iri });
      expect(term).toMatchObject({ iri, label: expect.any(String) });
      const history = await call('term_history', { ontology_id: bigId, iri });
      expect(history.changes[0]).toMatchObject({ change: 'added' });
      console.log(`${_name}: largest result per tool (characters) ${JSON.stringify(sizes)}`);
    } finally {
      await client.close();
    }
  }, 300_000);
});
