// Every agent tool result within the budget (DESIGN 7): JSON text of at most 100,000
// characters, whatever the data. Lists carry no sources; sources come in pages that join to the
// source exactly; a list page that would pass the budget comes back shorter with its next offset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectMcp, resultJson, resultText } from '@oms/testing';
import { createOntology, signUpUser, startTestServer, type SignedUpUser, type TestServer } from './support/test-server.js';

const BUDGET = 100_000;
let server: TestServer;
let user: SignedUpUser;
let client: Client;

/** A source that JSON escaping makes longer: quotes, backslashes, tabs and control characters. */
const escapingSource = (chars: number) => {
  const unit = 'line "quoted" \\ back\tslash \u0001 é 😀\n';
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars - 1) + '\n';
};

/** Calls a tool and checks the budget on both the text and the structured content. */
async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const text = resultText(result);
  expect(text.length).toBeLessThanOrEqual(BUDGET);
  if (result.structuredContent !== undefined) expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(BUDGET);
  return { result, chars: text.length };
}

/** Follows next_source_offset from 0 and joins the pages. */
async function readAllPages(name: string, id: string, sourceLength?: number) {
  let joined = '';
  let pages = 0;
  let offset: number | null = 0;
  while (offset !== null) {
    const { result } = await call(name, { id, source_offset: offset, ...(sourceLength ? { source_length: sourceLength } : {}) });
    expect(result.isError).toBeFalsy();
    const page = resultJson(result);
    joined += page.source;
    pages += 1;
    expect(page.source_truncated).toBe(page.next_source_offset !== null);
    offset = page.next_source_offset;
  }
  return { joined, pages };
}

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server);
  client = await connectMcp(server.baseUrl, user.token, 'modern');
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('tool results within the budget', () => {
  it('when sources are large then list items carry no source but its size and metrics, and read_ontology pages it exactly', async () => {
    const source = escapingSource(400_000);
    const big = await createOntology(server, user.token, { title: 'Budget big', source, source_format: 'other', visibility: 'private' });
    const small = await createOntology(server, user.token, { title: 'Budget small', visibility: 'private' });

    const { result: listed, chars } = await call('search_ontologies', { query: 'Budget', limit: 100 });
    expect(chars).toBeLessThan(5_000);
    const items = resultJson(listed).ontologies;
    expect(items.map((item: { id: string }) => item.id)).toEqual([small.id, big.id]);
    for (const item of items) expect(item).not.toHaveProperty('source');
    expect(items[1]).toMatchObject({ source_bytes: Buffer.byteLength(source), metrics: { bytes: Buffer.byteLength(source) } });
    expect(items[0].metrics.rdf.triples).toBeGreaterThan(0);

    const first = resultJson((await call('read_ontology', { id: big.id })).result);
    expect(first).toMatchObject({ id: big.id, source_truncated: true, source_chars: source.length });
    expect(first.source.length).toBeLessThanOrEqual(60_000);
    expect(first.next_source_offset).toBe(first.source.length);

    const { joined, pages } = await readAllPages('read_ontology', big.id, 90_000);
    expect(joined).toBe(source);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(source.length / 90_000));

    const whole = resultJson((await call('read_ontology', { id: small.id })).result);
    expect(whole).toMatchObject({ source_truncated: false, next_source_offset: null, source_chars: whole.source.length });
  }, 60_000);

  it('when a commit is read then its source pages the same way, and an offset past the end is refused with the length', async () => {
    const source = escapingSource(150_000);
    const created = await createOntology(server, user.token, { title: 'Budget commit', source, source_format: 'other', visibility: 'private' });
    const commits = resultJson((await call('list_commits', { ontology_id: created.id })).result).commits;
    const { joined } = await readAllPages('read_commit', commits[0].id);
    expect(joined).toBe(source);

    const past = await call('read_commit', { id: commits[0].id, source_offset: source.length + 1 });
    expect(past.result.isError).toBe(true);
    expect(resultText(past.result)).toMatch(new RegExp(`source_offset is past the end of the source \\(${source.length} characters\\)`));
  }, 60_000);

  it('when a write carries a large source then its answer holds only the first page', async () => {
    const accounts = resultJson((await call('list_accounts', {})).result).accounts;
    const source = escapingSource(200_000);
    const { result } = await call('create_ontology', {
      account_id: accounts[0].id,
      title: 'Budget write',
      source,
      source_format: 'other',
      visibility: 'is_private',
    });
    expect(result.isError).toBeFalsy();
    expect(resultJson(result)).toMatchObject({ source_truncated: true, source_chars: source.length });
  }, 60_000);

  it('when a list page would pass the budget then it comes back shorter with next_offset, and following it reaches every item', async () => {
    const owner = await signUpUser(server);
    const ownClient = await connectMcp(server.baseUrl, owner.token, 'modern');
    try {
      const description = 'd'.repeat(10_000);
      const ids: string[] = [];
      for (let index = 0; index < 14; index += 1) {
        ids.push((await createOntology(server, owner.token, { title: `Wide ${index}`, description, visibility: 'private' })).id);
      }
      const seen: string[] = [];
      let offset = 0;
      let shortened = 0;
      for (;;) {
        const result = await ownClient.callTool({ name: 'search_ontologies', arguments: { query: 'Wide', limit: 100, offset } });
        expect(resultText(result).length).toBeLessThanOrEqual(BUDGET);
        const page = resultJson(result);
        seen.push(...page.ontologies.map((item: { id: string }) => item.id));
        if (!page.has_more) break;
        expect(page).toMatchObject({ page_shortened: true, next_offset: offset + page.ontologies.length });
        shortened += 1;
        offset = page.next_offset;
      }
      expect(shortened).toBeGreaterThan(0);
      expect(seen.sort()).toEqual([...ids].sort());
    } finally {
      await ownClient.close();
    }
  }, 60_000);
});
