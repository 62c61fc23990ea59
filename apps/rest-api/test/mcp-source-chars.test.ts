// A source's length in characters (the agent tools' `source_chars`) is kept with it when it is
// stored (DESIGN 7, 8), by a JSON write and by a multipart upload (taken as text, and as a stream
// past TERMS_SYNC_MAX_BYTES), so that a page of read_ontology/read_commit reads the source only
// up to its end. A source stored before the count existed is counted once on its first page, and
// the count kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { testBackends } from '@oms/db/testing';
import { connectMcp, resultJson } from '@oms/testing';
import { createOntology } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

/** A Turtle source of about `bytes` bytes, with characters of two, three and four UTF-8 bytes (a surrogate pair in UTF-16). */
function turtleOf(bytes: number): string {
  const lines = ['@prefix ex: <http://example.org/> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .'];
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const line = `ex:t${i} rdfs:label "Térme ${i} 本 😀" .`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return `${lines.join('\n')}\n`;
}

describe.each(testBackends())('source_chars kept with the source on %s', (backend) => {
  const { server, users } = useTestServer({ backend, users: ['alice'], env: { TERMS_SYNC_MAX_BYTES: '20000' } });
  let client: Client;
  beforeAll(async () => {
    client = await connectMcp(server.baseUrl, users.alice.token, 'modern');
  });
  afterAll(async () => {
    await client?.close();
  });

  const charsOf = async (ontologyId: string) => {
    const rows = await server.db.sql.query<{ commit_id: string; chars: string | null }>(
      `SELECT s."commit_id"::text AS "commit_id", s."chars"::text AS "chars" FROM "commit_sources" s JOIN "commits" c ON c."id" = s."commit_id" WHERE c."ontology_id" = $1::uuid ORDER BY c."seq"`,
      [ontologyId],
    );
    return rows.map((row) => ({ commitId: row.commit_id, chars: row.chars === null ? null : Number(row.chars) }));
  };
  const read = async (name: 'read_ontology' | 'read_commit', id: string, offset = 0) =>
    resultJson(await client.callTool({ name, arguments: { id, source_offset: offset, source_length: 1_000 } }));
  async function multipartCreate(source: string, title: string) {
    const form = new FormData();
    form.append('body', JSON.stringify({ ontology: { title, source_format: 'turtle', visibility: 'private' } }));
    form.append('source', new Blob([source]), 'source.ttl');
    const response = await fetch(`${server.baseUrl}/api/v1/ontologies`, { method: 'POST', headers: { authorization: `Bearer ${users.alice.token}` }, body: form });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string };
  }

  it('when a source is written as JSON or uploaded (as text, or as a stream) then its length in characters is stored with it', async () => {
    const json = turtleOf(5_000);
    const fromJson = await createOntology(server, users.alice.token, { title: 'Chars JSON', source: json, source_format: 'turtle', visibility: 'private' });
    const small = turtleOf(5_000);
    const fromUpload = await multipartCreate(small, 'Chars upload');
    const large = turtleOf(60_000);
    const streamed = await multipartCreate(large, 'Chars streamed');
    expect((await charsOf(fromJson.id)).map((row) => row.chars)).toEqual([json.length]);
    expect((await charsOf(fromUpload.id)).map((row) => row.chars)).toEqual([small.length]);
    expect((await charsOf(streamed.id)).map((row) => row.chars)).toEqual([large.length]);
    // Both characters of a pair counted: more characters than code points.
    expect(large.length).toBeGreaterThan([...large].length);

    const head = await read('read_ontology', streamed.id, 30_000);
    expect(head).toMatchObject({ source_chars: large.length, source: large.slice(30_000, 30_000 + head.source.length), next_source_offset: 30_000 + head.source.length });
  }, 60_000);

  it('when a commit was stored before the count existed then its first page counts it, gives the right source_chars, and keeps it', async () => {
    const source = turtleOf(60_000);
    const created = await multipartCreate(source, 'Chars old');
    const [row] = await charsOf(created.id);
    await server.db.sql.query(`UPDATE "commit_sources" SET "chars" = NULL WHERE "commit_id" = $1::uuid`, [row?.commitId]);

    const page = await read('read_commit', row?.commitId as string, source.length - 10);
    expect(page).toMatchObject({ source_chars: source.length, source: source.slice(-10), next_source_offset: null });
    expect((await charsOf(created.id)).map((stored) => stored.chars)).toEqual([source.length]);
    expect(await read('read_ontology', created.id)).toMatchObject({ source_chars: source.length, source: source.slice(0, 1_000) });
  }, 60_000);
});
