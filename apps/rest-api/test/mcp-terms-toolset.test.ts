// The terms toolset as an agent uses it (DESIGN 7): a real MCP client at /mcp?toolsets=terms,
// given only a term's label, finds the term across ontologies, reads its definition and
// ancestors, reads it at an older version, walks its parent's children and lists its history,
// every result within the budget; plain /mcp keeps exactly the 12 tools.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { testBackends } from '@oms/db/testing';
import { connectMcp, connectMcpAt, resultJson, resultText, type Era } from '@oms/testing';
import { createOntology, FIXTURES, signUpUser, startTestServer, type SignedUpUser, type TestServer } from './support/test-server.js';

const BUDGET = 100_000;
const PIZZA = readFileSync(new URL('ontologies/owl/pizza.owl', FIXTURES), 'utf8');
const NS = 'http://www.co-ode.org/ontologies/pizza/pizza.owl#';
const MARGHERITA = `${NS}Margherita`;
// Version 1.1.0 makes Margherita a VegetarianPizza too (a new parent).
const PIZZA_V11 = PIZZA.replace(
  `<owl:Class rdf:about="${MARGHERITA}">\n        <rdfs:subClassOf rdf:resource="${NS}NamedPizza"/>`,
  `<owl:Class rdf:about="${MARGHERITA}">\n        <rdfs:subClassOf rdf:resource="${NS}NamedPizza"/>\n        <rdfs:subClassOf rdf:resource="${NS}VegetarianPizza"/>`,
);
const FLOWERS = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix ex: <http://example.org/flowers#> .
ex:Daisy a owl:Class ; rdfs:label "daisy" .
ex:Margherita a owl:Class ; rdfs:label "Margherita" ; rdfs:subClassOf ex:Daisy ; rdfs:comment "The ox-eye daisy, in Italian." .
`;

describe.each(testBackends())('the terms toolset on %s', (backend) => {
  let server: TestServer;
  let user: SignedUpUser;
  let pizza: { id: string };
  let flowers: { id: string };
  const received: number[] = [];

  /** Calls a tool; checks the budget on the text and the structured content, and counts what the agent received. */
  async function call(client: Client, name: string, args: Record<string, unknown>) {
    const result = await client.callTool({ name, arguments: args });
    const text = resultText(result);
    expect(text.length, name).toBeLessThanOrEqual(BUDGET);
    if (result.structuredContent !== undefined) expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(BUDGET);
    received.push(text.length);
    return result;
  }
  const json = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = await call(client, name, args);
    expect(result.isError, `${name}: ${resultText(result).slice(0, 300)}`).toBeFalsy();
    return resultJson(result);
  };

  beforeAll(async () => {
    server = await startTestServer({}, { backend });
    user = await signUpUser(server);
    pizza = await createOntology(server, user.token, { title: 'Pizza', source: PIZZA, source_format: 'owl', visibility: 'private' });
    flowers = await createOntology(server, user.token, { title: 'Garden flowers', source: FLOWERS, source_format: 'turtle', visibility: 'private' });
    expect(PIZZA_V11).not.toBe(PIZZA);
    const updated = await server.request('PATCH', `/api/v1/ontologies/${pizza.id}`, {
      token: user.token,
      json: { ontology: { source: PIZZA_V11 }, version_bump: 'minor', change_summary: 'Margherita is vegetarian' },
    });
    expect(updated.status, updated.text.slice(0, 300)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('when an agent connects to plain /mcp then exactly the 12 tools are listed, and an unknown toolset is a 400 naming the known ones', async () => {
    const plain = await connectMcp(server.baseUrl, user.token, 'modern');
    try {
      const { tools } = await plain.listTools();
      expect(tools).toHaveLength(12);
      expect(tools.map((tool) => tool.name)).not.toContain('search_terms');
    } finally {
      await plain.close();
    }
    const refused = await fetch(`${server.baseUrl}/mcp?toolsets=ontology-terms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/Unknown toolset "ontology-terms".*toolsets=terms/) });
    await expect(connectMcpAt(`${server.baseUrl}/mcp?toolsets=nope`, user.token, 'modern')).rejects.toThrow();
  });

  it.each(['modern', 'legacy'] as Era[])(
    'when a %s client knows only the label "Margherita" then it finds the pizza, its parents and ancestors, the term at 1.0.0, its siblings and its history',
    async (era) => {
      const client = await connectMcpAt(`${server.baseUrl}/mcp?toolsets=terms`, user.token, era);
      received.length = 0;
      try {
        expect((await client.listTools()).tools).toHaveLength(16);

        // 1. Find the term across ontologies: both Margheritas (the label is also the IRI's local name: match id).
        const found = await json(client, 'search_terms', { query: 'Margherita' });
        const byOntology = new Map<string, { iri: string; ontology_id: string; match: string; version: string }>(
          found.terms.map((hit: { ontology_title: string }) => [hit.ontology_title, hit]),
        );
        expect(byOntology.get('Pizza')).toMatchObject({ iri: MARGHERITA, ontology_id: pizza.id, match: 'id', version: '1.1.0' });
        expect(byOntology.get('Garden flowers')).toMatchObject({ ontology_id: flowers.id, match: 'id' });
        const hit = byOntology.get('Pizza')!;

        // 2. Read it at the head: parents and ancestors, nearest first.
        const head = await json(client, 'read_term', { ontology_id: hit.ontology_id, iri: hit.iri });
        expect(head).toMatchObject({ iri: MARGHERITA, label: 'Margherita', kind: 'class', version: '1.1.0' });
        expect(head.parents.map((parent: { iri: string }) => parent.iri).sort()).toEqual([`${NS}NamedPizza`, `${NS}VegetarianPizza`]);
        const ancestors = head.ancestors.map((ancestor: { iri: string }) => ancestor.iri);
        expect(ancestors.slice(0, 2).sort()).toEqual([`${NS}NamedPizza`, `${NS}VegetarianPizza`]);
        expect(ancestors).toContain(`${NS}Pizza`);
        expect(head.synonyms).toContain('Margherita Pizza');

        // 3. Read it as it was at 1.0.0: one parent.
        const old = await json(client, 'read_term', { ontology_id: hit.ontology_id, iri: hit.iri, version: '1.0.0' });
        expect(old).toMatchObject({ version: '1.0.0', parents: [{ iri: `${NS}NamedPizza`, label: expect.any(String) }] });

        // 4. Walk from its parent down: Margherita is one of NamedPizza's children at 1.0.0.
        const seen: string[] = [];
        let offset = 0;
        for (;;) {
          const page = await json(client, 'list_term_children', { ontology_id: hit.ontology_id, iri: `${NS}NamedPizza`, version: '1.0.0', limit: 10, offset });
          seen.push(...page.terms.map((term: { iri: string }) => term.iri));
          if (!page.has_more) break;
          offset += page.terms.length;
        }
        expect(seen).toContain(MARGHERITA);
        const roots = await json(client, 'list_term_children', { ontology_id: hit.ontology_id });
        expect(roots.terms.length).toBeGreaterThan(0);
        for (const root of roots.terms) expect(root).toHaveProperty('children_count');

        // 5. What changed: the new parent in 1.1.0, added in 1.0.0; one change per page with limit 1.
        const history = await json(client, 'term_history', { ontology_id: hit.ontology_id, iri: hit.iri });
        expect(history.changes.map((change: { version: string; change: string; fields: string[] }) => [change.version, change.change, change.fields])).toEqual([
          ['1.1.0', 'changed', ['parents']],
          ['1.0.0', 'added', []],
        ]);
        const first = await json(client, 'term_history', { ontology_id: hit.ontology_id, iri: hit.iri, limit: 1 });
        expect(first).toMatchObject({ total: 2, limit: 1, offset: 0, has_more: true });

        const total = received.reduce((sum, chars) => sum + chars, 0);
        expect(total).toBeLessThan(PIZZA.length / 5);
      } finally {
        await client.close();
      }
    },
    60_000,
  );

  it('when a term is missing, a version unknown or an argument wrong then the refusal tells the agent its next call', async () => {
    const client = await connectMcpAt(`${server.baseUrl}/mcp?toolsets=all`, user.token, 'modern');
    try {
      const missing = await call(client, 'read_term', { ontology_id: pizza.id, iri: `${NS}Calzone` });
      expect(missing.isError).toBe(true);
      expect(resultText(missing)).toMatch(/^Not found: the ontology is not visible to you, or that version of it has no such term.*search_terms/);
      const unknownVersion = await call(client, 'read_term', { ontology_id: pizza.id, iri: MARGHERITA, version: '9.9.9' });
      expect(resultText(unknownVersion)).toMatch(/list_commits/);
      const never = await call(client, 'term_history', { ontology_id: pizza.id, iri: `${NS}Calzone` });
      expect(resultText(never)).toMatch(/no version of it ever had this term.*search_terms/);
      const blank = await call(client, 'search_terms', { query: '  ' });
      expect(resultText(blank)).toMatch(/`query` must not be empty.*call search_terms again/);
      const kinds = await json(client, 'search_terms', { query: 'Margherita', kind: ['object_property'] });
      expect(kinds.terms).toEqual([]);
      const only = await json(client, 'search_terms', { query: 'Margherita', ontology_id: flowers.id.toUpperCase() });
      expect(only.terms.map((hit: { ontology_id: string }) => hit.ontology_id)).toEqual([flowers.id]);
    } finally {
      await client.close();
    }
  });

  it('when another user searches then a private ontology contributes nothing and its terms read as not found', async () => {
    const stranger = await signUpUser(server);
    const client = await connectMcpAt(`${server.baseUrl}/mcp?toolsets=terms`, stranger.token, 'modern');
    try {
      expect((await json(client, 'search_terms', { query: 'Margherita' })).terms).toEqual([]);
      const hidden = await call(client, 'read_term', { ontology_id: pizza.id, iri: MARGHERITA });
      expect(hidden.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('when a term has more annotations than one result carries then read_term keeps what fits and says what was shortened', async () => {
    const notes = Array.from({ length: 600 }, (_, index) => `ex:Wordy ex:note "${`note ${index} `.padEnd(400, 'x')}" .`).join('\n');
    const wordy = await createOntology(server, user.token, {
      title: 'Wordy',
      source: `@prefix owl: <http://www.w3.org/2002/07/owl#> .\n@prefix ex: <http://example.org/wordy#> .\nex:note a owl:AnnotationProperty .\nex:Wordy a owl:Class .\n${notes}\n`,
      source_format: 'turtle',
      visibility: 'private',
    });
    const client = await connectMcpAt(`${server.baseUrl}/mcp?toolsets=terms`, user.token, 'modern');
    try {
      const term = await json(client, 'read_term', { ontology_id: wordy.id, iri: 'http://example.org/wordy#Wordy' });
      expect(term.truncated).toEqual(['annotations']);
      expect(term.annotations_total).toBe(500);
      expect(term.annotations.length).toBeGreaterThan(100);
      expect(term.annotations.length).toBeLessThan(500);
      expect(term.url).toMatch(/\/term\?iri=/);
    } finally {
      await client.close();
    }
  });
});
