// Diffs of large sources (DESIGN 8): past DIFF_STREAM_MIN_BYTES (lowered here to 2,000 bytes)
// both versions stream from the source store through a line diff of bounded memory. The answer
// is a text diff with its reason, listing the lines that changed, cut at `limit` with every
// change counted, and the same unified text as text/x-diff. On both back ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiffResponse } from '@oms/contracts';
import { testBackends } from '@oms/db/testing';
import { signUpUser, startTestServer, type SignedUpUser, type TestServer } from './support/test-server.js';

const version = (edited: Set<number>) =>
  '@prefix ex: <http://example.org/> .\n' +
  Array.from({ length: 200 }, (_, index) => `ex:C${index} a ex:Class ; ex:label "class ${index}${edited.has(index) ? ' (edited)' : ''}" .\n`).join('');

describe.each(testBackends())('large diffs on %s', (backend) => {
  let server: TestServer;
  let alice: SignedUpUser;

  beforeAll(async () => {
    server = await startTestServer({ DIFF_STREAM_MIN_BYTES: '2000' }, { backend });
    alice = await signUpUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('when a large Turtle source had scattered lines edited then the streamed line diff lists exactly those lines', async () => {
    const before = version(new Set());
    const after = version(new Set([3, 90, 91, 180]));
    const created = await server.request('POST', '/api/v1/ontologies', { token: alice.token, json: { ontology: { title: 'large diff', source: before, source_format: 'turtle' } } });
    expect(created.status).toBe(201);
    const patched = await server.request('PATCH', `/api/v1/ontologies/${created.body.id}`, { token: alice.token, json: { ontology: { source: after } } });
    expect(patched.status).toBe(200);

    const response = await server.request('GET', `/api/v1/ontologies/${created.body.id}/diff`, { token: alice.token });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const diff = DiffResponse.parse(response.body);
    if (diff.kind !== 'text') throw new Error(`kind ${diff.kind}`);
    expect(diff.fallback_reason).toMatch(/line by line/);
    expect(diff.summary).toEqual({ lines_added: 4, lines_removed: 4, hunks: 3 });
    expect(diff.truncated).toBe(false);
    expect(diff.from).toMatchObject({ version: '1.0.0' });
    const lines = diff.changes.unified.split('\n');
    expect(lines[0]).toMatch(/^--- large-diff-1\.0\.0\.ttl\tsha256:/);
    expect(lines.filter((line) => line.startsWith('+ex:'))).toEqual([3, 90, 91, 180].map((index) => `+ex:C${index} a ex:Class ; ex:label "class ${index} (edited)" .`));
    expect(lines).toContain('@@ -2,7 +2,7 @@');
    expect(lines).toContain('@@ -89,8 +89,8 @@');

    const cut = DiffResponse.parse((await server.request('GET', `/api/v1/ontologies/${created.body.id}/diff?limit=3`, { token: alice.token })).body);
    expect(cut).toMatchObject({ truncated: true, summary: { lines_added: 4, lines_removed: 4, hunks: 3 } });

    const text = await server.request('GET', `/api/v1/ontologies/${created.body.id}/diff`, { token: alice.token, headers: { accept: 'text/x-diff' } });
    expect(text.status).toBe(200);
    expect(text.text).toBe(diff.changes.unified);
  });

  it('when the small side is under the limit and the other over it then the diff still streams, from its first version', async () => {
    const created = await server.request('POST', '/api/v1/ontologies', { token: alice.token, json: { ontology: { title: 'grown', source: 'one\n', source_format: 'other' } } });
    const grown = `one\n${'more\n'.repeat(600)}`;
    await server.request('PATCH', `/api/v1/ontologies/${created.body.id}`, { token: alice.token, json: { ontology: { source: grown } } });
    const diff = DiffResponse.parse((await server.request('GET', `/api/v1/ontologies/${created.body.id}/diff?from=1.0.0&to=1.0.1&limit=10`, { token: alice.token })).body);
    expect(diff).toMatchObject({ kind: 'text', truncated: true, summary: { lines_added: 600, lines_removed: 0, hunks: 1 } });
    const first = DiffResponse.parse((await server.request('GET', `/api/v1/ontologies/${created.body.id}/diff?to=1.0.0`, { token: alice.token })).body);
    expect(first).toMatchObject({ kind: 'text', from: null, summary: { lines_added: 1, lines_removed: 0, hunks: 1 } });
    expect(first.fallback_reason).toBeUndefined();
  });
});
