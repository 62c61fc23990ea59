// ORM2 diagrams: visualize_ontology over /mcp and the REST diagram endpoints, rendered by
// the in-process queue in Debian's Chromium.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { ORM2_TEMPLATE } from '@oms/guides';
import { chromiumAvailable, connectMcp, resultText } from '@oms/testing';
import { createOntology, FIXTURES, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const PNG_SIGNATURE = '89504e470d0a1a0a';
const demo = readFileSync(new URL('ontologies/orm/PersonCountryDemo.orm', FIXTURES), 'utf8');

const { server, users: { alice, bob } } = useTestServer({ users: ['alice', 'bob'] });
let client: Client;
beforeAll(async () => {
  if (!chromiumAvailable() && process.env['REQUIRE_SERVICES'] === '1') throw new Error('Chromium is required (apt-get install chromium)');
  client = await connectMcp(server.baseUrl, alice.token, 'modern');
});
afterAll(async () => {
  await client?.close();
});

describe('visualize_ontology', () => {
  it('when an ORM ontology is visualized then a PNG image and the summary as JSON text and structuredContent come back', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'Person and country', source: demo, source_format: 'orm' });
    const result = await client.callTool({ name: 'visualize_ontology', arguments: { id: ontology.id } });
    expect(result.isError).toBeFalsy();
    const content = result.content as { type: string; data?: string; mimeType?: string; text?: string }[];
    const image = content.find((part) => part.type === 'image');
    expect(image?.mimeType).toBe('image/png');
    expect(Buffer.from(image?.data ?? '', 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    const texts = content.filter((part) => part.type === 'text');
    expect(texts).toHaveLength(1);
    expect(JSON.parse(texts[0]?.text ?? '')).toEqual(result.structuredContent);
    expect(result.structuredContent).toMatchObject({ ontology_id: ontology.id, head_hash: ontology.head_hash });
    expect((result.structuredContent as { fact_types: number }).fact_types).toBeGreaterThan(3);
  });

  it('when the client asks for progress then it gets progress notifications before the image', async () => {
    const ontology = await createOntology(server, alice.token, { title: 'With progress', source: demo, source_format: 'orm', version: '3.0.0' });
    const updates: { progress: number; total?: number }[] = [];
    const result = await client.callTool(
      { name: 'visualize_ontology', arguments: { id: ontology.id } },
      { onprogress: (update) => updates.push(update) },
    );
    expect(result.isError).toBeFalsy();
    expect(updates.map((update) => update.progress)).toEqual([0, 2]);
    expect(updates[0]?.total).toBe(2);
  });

  it('when the guide template is stored and visualized then it renders', async () => {
    const [account] = ((await client.callTool({ name: 'list_accounts', arguments: {} })).structuredContent as { accounts: { id: string }[] }).accounts;
    const created = await client.callTool({
      name: 'create_ontology',
      arguments: { account_id: account?.id, title: 'From the template', source: ORM2_TEMPLATE, source_format: 'orm' },
    });
    expect(created.isError, resultText(created)).toBeFalsy();
    const result = await client.callTool({ name: 'visualize_ontology', arguments: { id: (created.structuredContent as { id: string }).id } });
    expect(result.isError, resultText(result)).toBeFalsy();
  });

  it('when the ontology is not ORM, hidden or missing then the tool answers isError with advice', async () => {
    const turtle = await createOntology(server, alice.token, { source: TURTLE });
    const notOrm = await client.callTool({ name: 'visualize_ontology', arguments: { id: turtle.id } });
    expect(notOrm.isError).toBe(true);
    expect(resultText(notOrm)).toMatch(/ORM2 diagrams.*turtle/);
    const hidden = await createOntology(server, bob.token, { source: demo, source_format: 'orm', visibility: 'private' });
    const secret = await client.callTool({ name: 'visualize_ontology', arguments: { id: hidden.id } });
    expect(secret.isError).toBe(true);
    expect(resultText(secret)).toMatch(/list_ontologies/);
  });
});

describe('GET /api/v1/ontologies/:id/diagram.svg and .png', () => {
  it('when an ORM ontology is asked for its diagram then SVG and PNG are answered', async () => {
    const ontology = await createOntology(server, alice.token, { source: demo, source_format: 'orm' });
    const svg = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diagram.svg`, { token: bob.token });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.text).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(svg.text).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const png = await fetch(`${server.baseUrl}/api/v1/ontologies/${ontology.id}/diagram.png`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(png.status).toBe(200);
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    const commits = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits`, { token: alice.token });
    const atCommit = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diagram.svg?commit_id=${commits.body.data[0].id}`, { token: alice.token });
    expect(atCommit.status).toBe(200);
  });

  it('when the ontology is not ORM, hidden, missing or unauthenticated then 422, 404 and 401', async () => {
    const turtle = await createOntology(server, alice.token, { source: TURTLE });
    expect((await server.request('GET', `/api/v1/ontologies/${turtle.id}/diagram.svg`, { token: alice.token })).status).toBe(422);
    const hidden = await createOntology(server, bob.token, { source: demo, source_format: 'orm', visibility: 'private' });
    expect((await server.request('GET', `/api/v1/ontologies/${hidden.id}/diagram.svg`, { token: alice.token })).status).toBe(404);
    const other = await createOntology(server, alice.token, { source: demo, source_format: 'orm' });
    const otherCommit = (await server.request('GET', `/api/v1/ontologies/${other.id}/commits`, { token: alice.token })).body.data[0].id;
    const mine = await createOntology(server, alice.token, { source: demo, source_format: 'orm' });
    expect((await server.request('GET', `/api/v1/ontologies/${mine.id}/diagram.svg?commit_id=${otherCommit}`, { token: alice.token })).status).toBe(404);
    expect((await server.request('GET', `/api/v1/ontologies/${mine.id}/diagram.svg?commit_id=bad`, { token: alice.token })).status).toBe(422);
    expect((await server.request('GET', `/api/v1/ontologies/${mine.id}/diagram.png`)).status).toBe(401);
  });

  it('when the diagram asked for does not exist or its number is out of range then 422 on diagram, not 503', async () => {
    const ontology = await createOntology(server, alice.token, { source: demo, source_format: 'orm' });
    for (const diagram of ['no-such-diagram', '7', '99999999999999999999']) {
      const response = await server.request('GET', `/api/v1/ontologies/${ontology.id}/diagram.svg?diagram=${diagram}`, { token: alice.token });
      expect(response.status).toBe(422);
      expect(response.body.errors.diagram).toHaveLength(1);
    }
  });
});
