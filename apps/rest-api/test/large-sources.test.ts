// Ontologies at real size, the HTTP half (DESIGN 8): multipart creates and updates with the
// source spooled to a temporary file, omit_source with source_bytes, and GET .../source
// streamed with Range and ETag, on both database back ends. SOURCE_MAX_BYTES is lowered so the
// over-limit refusal is cheap; the temporary folder is the test's own, so "nothing left
// behind" is checked by listing it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBrokenLink } from '@oms/domain';
import { commitsOldestFirst } from '@oms/db';
import { testBackends } from '@oms/db/testing';
import { createOntology, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const LIMIT = 200_000;
/** A Turtle source of about `bytes` bytes, with non-ASCII labels (2-byte characters) throughout. */
function turtleOf(bytes: number, tag = 'x'): string {
  const lines = ['@prefix ex: <http://example.org/> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .'];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `ex:${tag}${i} rdfs:label "Térme ${i} é" .`;
    lines.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  return `${lines.join('\r\n')}\r\n`;
}
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('base64');

describe.each(testBackends())('large sources over HTTP on %s', (backend) => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'oms-upload-test-'));
  const { server, users: { alice, bob } } = useTestServer({ backend, users: ['alice', 'bob'], env: { SOURCE_MAX_BYTES: String(LIMIT), UPLOAD_DIR: uploadDir } });

  type Parts = { body?: unknown; source?: Buffer | string; extra?: (form: FormData) => void };
  async function multipart(method: 'POST' | 'PATCH', path: string, parts: Parts, options: { token?: string; headers?: Record<string, string> } = {}) {
    const form = new FormData();
    if (parts.body !== undefined) form.append('body', typeof parts.body === 'string' ? parts.body : JSON.stringify(parts.body));
    if (parts.source !== undefined) form.append('source', new Blob([parts.source]), 'source.ttl');
    parts.extra?.(form);
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${options.token ?? alice.token}`, ...options.headers },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }
  const create = (source: Buffer | string, ontology: Record<string, unknown> = {}, query = '') =>
    multipart('POST', `/ontologies${query}`, { body: { ontology: { title: 'Big', source_format: 'turtle', ...ontology } }, source });

  async function download(id: string, query = '', headers: Record<string, string> = {}) {
    const response = await fetch(`${server.baseUrl}/api/v1/ontologies/${id}/source${query}`, { headers: { authorization: `Bearer ${alice.token}`, ...headers } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }
  const commitsOf = (id: string) => commitsOldestFirst(server.db.prisma, id);
  const ontologiesOf = async (token: string) => (await server.request('GET', '/api/v1/ontologies?filter=my_accounts&per_page=100&omit_source=true', { token })).body.data.length;
  const uploadsLeft = () => readdirSync(uploadDir);

  describe('multipart create and update', () => {
    it('when a source with a BOM and CRLF lines is created by multipart then the answer has source_bytes and /source gives the bytes back exactly', async () => {
      const bytes = Buffer.from(`\uFEFF${turtleOf(120_000)}`, 'utf8');
      const created = await create(bytes, { version: '2.0.0' }, '');
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty('source');
      expect(created.body).toMatchObject({ title: 'Big', source_bytes: bytes.length, version: '2.0.0', source_format: 'turtle' });
      expect(created.headers.get('location')).toBe(created.body.url);
      expect(created.headers.get('etag')).toBe(`"${created.body.head_hash}"`);
      expect(created.headers.get('repr-digest')).toBe(`sha-256=:${sha256(bytes)}:`);

      const got = await download(created.body.id);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-length')).toBe(String(bytes.length));
      expect(got.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
      expect(got.headers.get('accept-ranges')).toBe('bytes');
      expect(got.bytes.equals(bytes)).toBe(true);
      // The JSON read holds the same text.
      const read = await server.request('GET', `/api/v1/ontologies/${created.body.id}`, { token: alice.token });
      expect(Buffer.from(read.body.source, 'utf8').equals(bytes)).toBe(true);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when an ontology is updated by multipart then a commit is made, the answer has source_bytes and each version downloads byte for byte', async () => {
      const first = turtleOf(3000, 'a');
      const created = await createOntology(server, alice.token, { source: first });
      const second = Buffer.from(turtleOf(50_000, 'b'), 'utf8');
      const updated = await multipart('PATCH', `/ontologies/${created.id}`, { body: { ontology: { title: 'Renamed' }, version_bump: 'minor', change_summary: 'bigger' }, source: second });
      expect(updated.status).toBe(200);
      expect(updated.body).not.toHaveProperty('source');
      expect(updated.body).toMatchObject({ title: 'Renamed', version: '1.1.0', source_bytes: second.length });
      const history = await commitsOf(created.id);
      expect(history.map((commit) => [commit.version, commit.status, commit.message])).toEqual([
        ['1.0.0', 'superseded', 'Initial commit via API'],
        ['1.1.0', 'applied', 'bigger'],
      ]);
      expect((await download(created.id)).bytes.equals(second)).toBe(true);
      expect((await download(created.id, '?commit_id=1.0.0')).bytes.toString('utf8')).toBe(first);
      expect((await download(created.id, `?commit_id=${history[0]?.id}`)).bytes.toString('utf8')).toBe(first);
      expect((await download(created.id, '?version=1.1.0')).bytes.equals(second)).toBe(true);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when a multipart update has no source part then only the fields change, without a commit', async () => {
      const created = await createOntology(server, alice.token);
      const updated = await multipart('PATCH', `/ontologies/${created.id}`, { body: { ontology: { description: 'Just words' } } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ description: 'Just words', source_bytes: Buffer.byteLength(TURTLE), head_hash: created.head_hash });
      expect(await commitsOf(created.id)).toHaveLength(1);
    });

    it('when parallel multipart updates run then they form one linear, verifiable chain', async () => {
      const created = await createOntology(server, alice.token);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => multipart('PATCH', `/ontologies/${created.id}`, { body: { change_summary: `writer ${i}` }, source: turtleOf(20_000, `w${i}x`) })),
      );
      expect(responses.map((response) => [response.status, response.body])).toEqual(Array(6).fill([200, expect.anything()]));
      const history = await commitsOf(created.id);
      expect(history).toHaveLength(7);
      expect(history.filter((commit) => commit.status === 'applied')).toHaveLength(1);
      expect(history.map((commit) => commit.version)).toEqual(['1.0.0', '1.0.1', '1.0.2', '1.0.3', '1.0.4', '1.0.5', '1.0.6']);
      expect(findBrokenLink(history)).toBe(-1);
      expect(uploadsLeft()).toEqual([]);
    });
  });

  describe('refused uploads leave nothing behind', () => {
    it('when a multipart source is invalid Turtle then it is 422 and no ontology, commit or file is left', async () => {
      const before = await ontologiesOf(bob.token);
      const refused = await multipart('POST', '/ontologies', { body: { ontology: { title: 'Broken', source_format: 'turtle' } }, source: 'ex:a ex:b' }, { token: bob.token });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.source).toBeDefined();
      expect(await ontologiesOf(bob.token)).toBe(before);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when a source over SOURCE_MAX_BYTES is uploaded then it is 413, cut off while it arrives, and the head is unchanged', async () => {
      const created = await createOntology(server, alice.token);
      const refused = await multipart('PATCH', `/ontologies/${created.id}`, { body: {}, source: turtleOf(LIMIT + 10_000) });
      expect(refused.status).toBe(413);
      expect(refused.body.message).toContain(`larger than ${LIMIT} bytes (SOURCE_MAX_BYTES)`);
      expect(await commitsOf(created.id)).toHaveLength(1);
      const head = await server.request('GET', `/api/v1/ontologies/${created.id}`, { token: alice.token });
      expect(head.body.head_hash).toBe(created.head_hash);
      const before = await ontologiesOf(bob.token);
      expect((await multipart('POST', '/ontologies', { body: { ontology: { title: 'Too big', source_format: 'turtle' } }, source: turtleOf(LIMIT + 1) }, { token: bob.token })).status).toBe(413);
      expect(await ontologiesOf(bob.token)).toBe(before);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when a multipart update has an invalid source then it is 422 and the history is unchanged', async () => {
      const created = await createOntology(server, alice.token);
      const refused = await multipart('PATCH', `/ontologies/${created.id}`, { body: { change_summary: 'bad' }, source: Buffer.from([0x40, 0xff, 0xfe]) });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ errors: { source: ['must be UTF-8 text'] } });
      expect(await commitsOf(created.id)).toHaveLength(1);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when the multipart body is malformed then it is a clear 400 or 422', async () => {
      const good = { ontology: { title: 'T', source_format: 'turtle' } };
      const cases: [Parts, number, string | RegExp][] = [
        [{ source: TURTLE }, 400, /no "body" part/],
        [{ body: '{"ontology": ', source: TURTLE }, 400, /invalid_json/],
        [{ body: good, source: TURTLE, extra: (form) => form.append('notes', 'hello') }, 400, /Unknown part "notes"/],
        [{ body: good, source: TURTLE, extra: (form) => form.append('source', new Blob([TURTLE]), 'again.ttl') }, 400, /"source" part is given twice/],
        [{ body: good, extra: (form) => form.append('source', TURTLE) }, 400, /must be a file part/],
      ];
      for (const [parts, status, message] of cases) {
        const refused = await multipart('POST', '/ontologies', parts, { token: bob.token });
        expect(refused.status, JSON.stringify(refused.body)).toBe(status);
        expect(refused.body.message ?? JSON.stringify(refused.body)).toMatch(message);
      }
      const inline = await multipart('POST', '/ontologies', { body: { ontology: { ...good.ontology, source: TURTLE } }, source: TURTLE }, { token: bob.token });
      expect(inline.status).toBe(422);
      expect(inline.body.errors.source[0]).toMatch(/"source" file part/);
      const missing = await multipart('POST', '/ontologies', { body: good }, { token: bob.token });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.source).toBeDefined();
      const invalid = await multipart('POST', '/ontologies', { body: { ontology: { source_format: 'turtle' } }, source: TURTLE }, { token: bob.token });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors.title).toBeDefined();
      expect(await ontologiesOf(bob.token)).toBe(0);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when a refused body part arrives in one piece with the source part after it then no spool file is ever opened', async () => {
      const boundary = 'oms-test-boundary';
      const payload = Buffer.from(
        [
          `--${boundary}`,
          'Content-Disposition: form-data; name="body"',
          '',
          '{"ontology": ',
          `--${boundary}`,
          'Content-Disposition: form-data; name="source"; filename="source.ttl"',
          'Content-Type: text/turtle',
          '',
          TURTLE,
          `--${boundary}--`,
          '',
        ].join('\r\n'),
      );
      const opened: string[] = [];
      const watcher = watch(uploadDir, (_event, name) => opened.push(String(name)));
      try {
        const response = await fetch(`${server.baseUrl}/api/v1/ontologies`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bob.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: payload,
        });
        expect(response.status).toBe(400);
        expect(JSON.stringify(await response.json())).toMatch(/invalid_json|not valid JSON/);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        watcher.close();
      }
      expect(opened).toEqual([]);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when someone who may not change the ontology sends a multipart update then it is 403 or 404 before its source is read or checked', async () => {
      const shared = await create(turtleOf(20_000), { visibility: 'public' });
      const hidden = await create(turtleOf(20_000), { visibility: 'private' });
      const broken = 'ex:a ex:b'.repeat(50_000);
      for (const [id, status] of [[shared.body.id, 403], [hidden.body.id, 404]] as const) {
        const refused = await multipart('PATCH', `/ontologies/${id}`, { body: { ontology: { source_format: 'turtle' } }, source: broken }, { token: bob.token });
        expect(refused.status).toBe(status);
        expect(refused.headers.get('connection')).toBe('close');
      }
      expect((await commitsOf(shared.body.id)).length).toBe(1);
      expect(uploadsLeft()).toEqual([]);
    });

    it('when a multipart write is sent without credentials then it is 401 before the body is read', async () => {
      const response = await fetch(`${server.baseUrl}/api/v1/ontologies`, { method: 'POST', body: new FormData() });
      expect(response.status).toBe(401);
    });

    it('when another route gets multipart then it is 415', async () => {
      const form = new FormData();
      form.append('body', '{}');
      const response = await fetch(`${server.baseUrl}/api/v1/accounts`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body: form });
      expect(response.status).toBe(415);
    });
  });

  describe('GET .../source streamed with Range and ETag', () => {
    const source = Buffer.from(turtleOf(100_000), 'utf8');
    let id = '';
    let etag = '';
    const ready = async () => {
      if (id) return;
      const created = await createOntology(server, alice.token, { source: source.toString('utf8') });
      id = created.id;
      etag = `"${created.head_hash}"`;
    };

    it('when a closed, open or suffix range is asked then it is 206 with those bytes and Content-Range', async () => {
      await ready();
      const size = source.length;
      // Ranges that start and end inside two-byte characters and cross 32 KB chunks.
      for (const [header, start, end] of [
        ['bytes=0-0', 0, 0],
        ['bytes=30000-70000', 30000, 70000],
        ['bytes=65530-', 65530, size - 1],
        ['bytes=-1000', size - 1000, size - 1],
        [`bytes=5-${size + 100}`, 5, size - 1],
      ] as const) {
        const got = await download(id, '', { range: header });
        expect(got.status, header).toBe(206);
        expect(got.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
        expect(got.headers.get('content-length')).toBe(String(end - start + 1));
        expect(got.bytes.equals(source.subarray(start, end + 1)), header).toBe(true);
      }
    });

    it('when the range is unsatisfiable then it is 416 with the length; several ranges get the whole source', async () => {
      await ready();
      const beyond = await download(id, '', { range: `bytes=${source.length}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${source.length}`);
      expect((await download(id, '', { range: 'bytes=-0' })).status).toBe(416);
      const several = await download(id, '', { range: 'bytes=0-1,5-6' });
      expect(several.status).toBe(200);
      expect(several.bytes.equals(source)).toBe(true);
    });

    it('when If-None-Match names the ETag then it is 304; If-Range applies the range only for the current ETag', async () => {
      await ready();
      const whole = await download(id);
      expect(whole.headers.get('etag')).toBe(etag);
      expect((await download(id, '', { 'if-none-match': etag })).status).toBe(304);
      expect((await download(id, '?commit_id=1.0.0', { 'if-none-match': etag })).status).toBe(304);
      const same = await download(id, '', { range: 'bytes=0-9', 'if-range': etag });
      expect(same.status).toBe(206);
      const stale = await download(id, '', { range: 'bytes=0-9', 'if-range': '"sha256:0"' });
      expect(stale.status).toBe(200);
      expect(stale.bytes.equals(source)).toBe(true);
    });

    it('when HEAD is asked then the headers come with the length and no body', async () => {
      await ready();
      const response = await fetch(`${server.baseUrl}/api/v1/ontologies/${id}/source`, { method: 'HEAD', headers: { authorization: `Bearer ${alice.token}`, range: 'bytes=10-19' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-length')).toBe('10');
      expect(response.headers.get('content-range')).toBe(`bytes 10-19/${source.length}`);
      expect((await response.arrayBuffer()).byteLength).toBe(0);
    });

    it('when commit_id names neither a commit id nor a version, or a version it never had, then it is 422 or 404', async () => {
      await ready();
      expect((await download(id, '?commit_id=latest')).status).toBe(422);
      expect((await download(id, '?commit_id=9.9.9')).status).toBe(404);
      expect((await download(id, '?commit_id=1.0.0&version=1.0.0')).status).toBe(422);
    });

    it('when the source is empty then it downloads as zero bytes and any range is 416', async () => {
      const created = await createOntology(server, alice.token, { source: '', source_format: 'other' });
      const got = await download(created.id);
      expect(got).toMatchObject({ status: 200 });
      expect(got.bytes.length).toBe(0);
      expect((await download(created.id, '', { range: 'bytes=0-' })).status).toBe(416);
    });
  });

  describe('single reads of a large head', () => {
    it('when the head source is over 1 MiB then GET streams it into the answer: the same JSON as the whole read, without Content-Length', async () => {
      const text = `\uFEFF${turtleOf(1_500_000, 'big')}ex:q ex:b "quote \\" é 😀" .\r\n`;
      const created = await createOntology(server, alice.token, { source: text });
      const response = await fetch(`${server.baseUrl}/api/v1/ontologies/${created.id}`, { headers: { authorization: `Bearer ${alice.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('etag')).toBe(`"${created.head_hash}"`);
      expect(response.headers.get('content-length')).toBeNull();
      const body = (await response.json()) as Record<string, unknown> & { source: string };
      expect(body.source === text).toBe(true);
      const summary = (await server.request('GET', `/api/v1/ontologies/${created.id}?omit_source=true`, { token: alice.token })).body;
      const { source_bytes: _bytes, ...rest } = summary;
      const { source: _source, ...streamed } = body;
      expect(streamed).toEqual(rest);
      expect(Object.keys(body)).toEqual(Object.keys(summary).map((key) => (key === 'source_bytes' ? 'source' : key)));

      // After an update, the first version read by version and as a commit streams the same way.
      const patched = await server.request('PATCH', `/api/v1/ontologies/${created.id}?omit_source=true`, { token: alice.token, json: { ontology: { source: `${text}ex:z ex:b ex:c .\n` } } });
      expect(patched.status).toBe(200);
      const get = (path: string) => fetch(`${server.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${alice.token}` } });
      const pinned = await get(`/ontologies/${created.id}?version=1.0.0`);
      expect(pinned.status).toBe(200);
      expect(pinned.headers.get('content-length')).toBeNull();
      const pinnedBody = (await pinned.json()) as { source: string; version: string; at_commit: string };
      expect(pinnedBody.source === text).toBe(true);
      expect(pinnedBody.version).toBe('1.0.0');
      const pinnedSummary = (await server.request('GET', `/api/v1/ontologies/${created.id}?version=1.0.0&omit_source=true`, { token: alice.token })).body;
      expect(pinnedSummary).toMatchObject({ source_bytes: Buffer.byteLength(text), at_commit: pinnedBody.at_commit });
      const commit = await get(`/ontologies/${created.id}/commits/${pinnedBody.at_commit}`);
      expect(commit.status).toBe(200);
      expect(commit.headers.get('content-length')).toBeNull();
      const commitBody = (await commit.json()) as { source: string; id: string };
      expect(commitBody.source === text).toBe(true);
      expect(commitBody.id).toBe(pinnedBody.at_commit);
    });
  });

  describe('omit_source', () => {
    it('when omit_source=true is given on writes and reads then source is left out and source_bytes given', async () => {
      const text = `${TURTLE}ex:é ex:b "ü" .\n`;
      const bytes = Buffer.byteLength(text);
      const parent = await createOntology(server, alice.token);
      const created = await server.request('POST', '/api/v1/ontologies?omit_source=true', {
        token: alice.token,
        json: { ontology: { title: 'Omit', source: text, source_format: 'turtle', parent_id: parent.id } },
      });
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty('source');
      expect(created.body.source_bytes).toBe(bytes);
      const id = created.body.id;
      const patched = await server.request('PATCH', `/api/v1/ontologies/${id}?omit_source=true`, { token: alice.token, json: { ontology: { source: `${text}# more\n` } } });
      expect(patched.body).not.toHaveProperty('source');
      expect(patched.body.source_bytes).toBe(bytes + 7);

      const single = await server.request('GET', `/api/v1/ontologies/${id}?omit_source=true`, { token: alice.token });
      expect(single.body).toMatchObject({ source_bytes: bytes + 7 });
      expect(single.body).not.toHaveProperty('source');
      expect(single.body.metrics).toBeTruthy();
      const pinned = await server.request('GET', `/api/v1/ontologies/${id}?version=1.0.0&omit_source=true`, { token: alice.token });
      expect(pinned.body).toMatchObject({ source_bytes: bytes, at_commit: expect.any(String) });
      expect(pinned.body).not.toHaveProperty('source');

      const children = await server.request('GET', `/api/v1/ontologies/${parent.id}/children?omit_source=true`, { token: alice.token });
      expect(children.body.data).toEqual([expect.objectContaining({ id, source_bytes: bytes + 7 })]);
      expect(children.body.data[0]).not.toHaveProperty('source');
      const listed = await server.request('GET', '/api/v1/ontologies?filter=my_accounts&per_page=100&omit_source=true', { token: alice.token });
      for (const item of listed.body.data) {
        expect(item).not.toHaveProperty('source');
        expect(item.source_bytes).toEqual(expect.any(Number));
      }
      expect(listed.body.data.find((item: { id: string }) => item.id === id).source_bytes).toBe(bytes + 7);
      // Large sources are streamed in chunks in lists: still counted right.
      const big = await createOntology(server, alice.token, { source: turtleOf(150_000), parent_id: parent.id });
      const withBig = await server.request('GET', `/api/v1/ontologies/${parent.id}/children?omit_source=true`, { token: alice.token });
      expect(withBig.body.data.find((item: { id: string }) => item.id === big.id).source_bytes).toBe(Buffer.byteLength(big.source));

      const plain = await server.request('GET', `/api/v1/ontologies/${id}?omit_source=false`, { token: alice.token });
      expect(plain.body.source).toBe(`${text}# more\n`);
      expect(plain.body).not.toHaveProperty('source_bytes');
      expect((await server.request('GET', `/api/v1/ontologies/${id}?omit_source=yes`, { token: alice.token })).status).toBe(422);
    });
  });
});
