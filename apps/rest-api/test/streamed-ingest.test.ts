// Streaming ingest (DESIGN 8, issue 21): a multipart Turtle, RDF/XML, OWL or JSON source over the synchronous terms
// limit is checked, measured, hashed and stored from its spooled file as streams, never held
// as one string. TERMS_SYNC_MAX_BYTES is lowered so that multi-megabyte uploads take that
// path; the heavy work runs in a real worker thread, as in production. On both back ends.
import { mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBrokenLink } from '@oms/domain';
import { checkAndMeasure } from '@oms/ontology-tools';
import { commitsOldestFirst } from '@oms/db';
import { testBackends } from '@oms/db/testing';
import { useTestServer } from './support/use-test-server.js';
import { getPage, signInCookie } from './support/web-session.js';
import { startRawRequest, type RawAnswer } from './support/raw-http.js';

const SYNC_LIMIT = 100_000;
const WHOLE_LIMIT = 300_000;

/** Turtle of about `bytes` bytes: a BOM, CRLF line ends and two-byte characters throughout. */
function turtleOf(bytes: number, tag: string): Buffer {
  const lines = ['\uFEFF@prefix ex: <http://example.org/> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .', '@prefix owl: <http://www.w3.org/2002/07/owl#> .'];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `ex:${tag}${i} a owl:Class ; rdfs:label "Térme ${i} é" ; rdfs:subClassOf ex:${tag}${Math.floor(i / 2)} .`;
    lines.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
/** RDF/XML of about `bytes` bytes, as OWL API writes it: a BOM, CRLF, DOCTYPE entities used in attributes, two-byte characters. */
function rdfXmlOf(bytes: number, tag: string): Buffer {
  const lines = [
    '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE rdf:RDF [ <!ENTITY ex "http://example.org/" > <!ENTITY owl "http://www.w3.org/2002/07/owl#" > ]>',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:owl="http://www.w3.org/2002/07/owl#">',
    '<owl:Ontology rdf:about="&ex;big"/>',
  ];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `<owl:Class rdf:about="&ex;${tag}${i}"><rdfs:label>Térme ${i} é</rdfs:label><rdfs:subClassOf rdf:resource="&ex;${tag}${Math.floor(i / 2)}"/></owl:Class>`;
    lines.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  lines.push('</rdf:RDF>');
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
/** OBO Graphs JSON of about `bytes` bytes (the shape of go.json): a BOM, CRLF between nodes, two-byte characters. */
function oboGraphsOf(bytes: number, tag: string): Buffer {
  const nodes: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const node = JSON.stringify({ id: `http://example.org/${tag}${i}`, lbl: `Térme ${i} é`, type: 'CLASS', meta: { definition: { val: `Definition "${i}"`, xrefs: ['X:1'] } } });
    nodes.push(node);
    size += Buffer.byteLength(node) + 3;
  }
  const edges = nodes.slice(1).map((_, i) => `{"sub":"http://example.org/${tag}${i + 1}","pred":"is_a","obj":"http://example.org/${tag}${Math.floor((i + 1) / 2)}"}`);
  return Buffer.from(`\uFEFF{"graphs":[{"id":"http://example.org/${tag}","nodes":[\r\n${nodes.join(',\r\n')}],\r\n"edges":[${edges.join(',')}]}],"meta":{"version":"1"}}\r\n`, 'utf8');
}
/** JSON-LD of about `bytes` bytes: classes with labels and parents in a @graph. */
function jsonLdOf(bytes: number, tag: string): Buffer {
  const items: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const item = JSON.stringify({ '@id': `ex:${tag}${i}`, '@type': 'owl:Class', 'rdfs:label': `Térme ${i} é`, 'rdfs:subClassOf': { '@id': `ex:${tag}${Math.floor(i / 2)}` } });
    items.push(item);
    size += Buffer.byteLength(item) + 2;
  }
  const context = { ex: 'http://example.org/', owl: 'http://www.w3.org/2002/07/owl#', rdfs: 'http://www.w3.org/2000/01/rdf-schema#' };
  return Buffer.from(`{"@context":${JSON.stringify(context)},\n"@graph":[\n${items.join(',\n')}\n]}\n`, 'utf8');
}
const classesIn = (source: Buffer) => source.toString('utf8').split('\r\n').length - 4;

describe.each(testBackends())('streamed ingest of large Turtle on %s', (backend) => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'oms-stream-test-'));
  const { server, users: { alice } } = useTestServer({
    backend,
    users: ['alice'],
    heavyWorker: true,
    env: { HEAVY_REQUESTS_PER_CALLER: '8', TERMS_SYNC_MAX_BYTES: String(SYNC_LIMIT), WHOLE_TEXT_SOURCE_MAX_BYTES: String(WHOLE_LIMIT), UPLOAD_DIR: uploadDir },
  });

  async function multipart(method: 'POST' | 'PATCH', path: string, body: unknown, source?: Buffer) {
    const form = new FormData();
    form.append('body', JSON.stringify(body));
    if (source) form.append('source', new Blob([source]), 'source.ttl');
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, { method, headers: { authorization: `Bearer ${alice.token}` }, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  const create = (source: Buffer, format = 'turtle') => multipart('POST', '/ontologies', { ontology: { title: 'Big', source_format: format } }, source);
  async function download(id: string, version?: string) {
    const response = await fetch(`${server.baseUrl}/api/v1/ontologies/${id}/source${version ? `?commit_id=${version}` : ''}`, { headers: { authorization: `Bearer ${alice.token}` } });
    return Buffer.from(await response.arrayBuffer());
  }
  /** Spooled uploads left (background term extraction spools stored sources there too, briefly). */
  const uploadsLeft = () => readdirSync(uploadDir).filter((name) => name.startsWith('oms-upload-'));
  const count = async (table: string) => Number((await server.db.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}"`))[0]?.n);
  const stored = async () => ({ ontologies: await count('ontologies'), commits: await count('commits'), pieces: await count('commit_source_pieces'), sources: await count('commit_sources') });
  /**
   * A source refused with 422 (its message matching `message`) as a create in `format` and as an
   * update of an ontology made from `valid` in `validFormat`: neither leaves an ontology, commit,
   * stored piece or file.
   */
  async function expectRefusedAndNothingLeft(source: Buffer, format: string, message: RegExp, valid: Buffer, validFormat = format) {
    const before = await stored();
    const refused = await create(source, format);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.source[0]).toMatch(message);
    expect(await stored()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);

    const head = await create(valid, validFormat);
    const afterCreate = await stored();
    const update = await multipart('PATCH', `/ontologies/${head.body.id}`, { change_summary: 'broken' }, source);
    expect(update.status).toBe(422);
    expect(await stored()).toEqual(afterCreate);
    expect(uploadsLeft()).toEqual([]);
  }

  it('when a multi-megabyte Turtle source with a BOM and CRLF is created by multipart then it is measured, verifiable and downloads byte for byte', async () => {
    const source = turtleOf(3_000_000, 'c');
    const created = await create(source);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source_bytes: source.length, terms_status: 'indexing' });
    expect(created.body.metrics).toMatchObject({ bytes: source.length, lines: classesIn(source) + 3, rdf: { triples: classesIn(source) * 3, classes: classesIn(source) } });
    expect((await download(created.body.id)).equals(source)).toBe(true);
    const history = await commitsOldestFirst(server.db.prisma, created.body.id);
    expect(findBrokenLink(history)).toBe(-1);
    expect(history[0]?.commitHash).toBe(created.body.head_hash);
    expect(uploadsLeft()).toEqual([]);

    // Its terms come in the background, read from the store as a stream.
    let status = created.body.terms_status;
    for (let tries = 0; status === 'indexing' && tries < 240; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await server.request('GET', `/api/v1/ontologies/${created.body.id}?omit_source=true`, { token: alice.token })).body.terms_status;
    }
    expect(status).toBe('ready');
    const term = await server.request('GET', `/api/v1/ontologies/${created.body.id}/term?iri=${encodeURIComponent('http://example.org/c7')}`, { token: alice.token });
    expect(term.status).toBe(200);
    expect(term.body).toMatchObject({ label: 'Térme 7 é' });
    // The stored source spooled for the background extraction is gone too.
    expect(readdirSync(uploadDir)).toEqual([]);
  }, 120_000);

  it('when a multipart create names an account the caller is not in then it is refused for that, before its source is checked', async () => {
    const before = await stored();
    // Broken early: a check started while it arrives would refuse the source long before it ends.
    const source = Buffer.concat([turtleOf(400_000, 'acct'), Buffer.from('ex:broken rdfs:label "no end\r\n'), turtleOf(8_000_000, 'acct2')]);
    const body = { ontology: { title: 'Elsewhere', source_format: 'turtle', account_id: '01a20413-0000-7000-8000-0000000000aa' } };
    const { answer } = await pacedUpload(source, { piece: 64 * 1024, pauseMs: 25, body });
    expect(answer?.status).toBe(422);
    const errors = JSON.parse(answer?.body ?? '{}').errors;
    expect(errors).toHaveProperty('account_id');
    expect(errors).not.toHaveProperty('source');
    expect(await stored()).toEqual(before);
    expect(await until(() => uploadsLeft().length === 0)).toBe(true);
  }, 120_000);

  it('when a large upload is invalid at its very end then it is 422 with the line and leaves no ontology, commit, stored piece or file', async () => {
    const source = Buffer.concat([turtleOf(2_000_000, 'bad'), Buffer.from('ex:last rdfs:label\r\n')]);
    await expectRefusedAndNothingLeft(source, 'turtle', /^line \d+/, turtleOf(200_000, 'h'));
  }, 120_000);

  it('when large multipart updates run in parallel then they form one linear, verifiable chain and every version reads back exactly', async () => {
    const created = await create(turtleOf(1_000_000, 'p'));
    const versions = Array.from({ length: 4 }, (_, i) => turtleOf(1_000_000 + i * 1000, i % 2 ? 'p' : `q${i}`));
    const responses = await Promise.all(versions.map((source, i) => multipart('PATCH', `/ontologies/${created.body.id}`, { change_summary: `writer ${i}` }, source)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const history = await commitsOldestFirst(server.db.prisma, created.body.id);
    expect(history.map((commit) => commit.version)).toEqual(['1.0.0', '1.0.1', '1.0.2', '1.0.3', '1.0.4']);
    expect(history.filter((commit) => commit.status === 'applied')).toHaveLength(1);
    expect(findBrokenLink(history)).toBe(-1);
    for (const commit of history.slice(1)) {
      const written = versions.find((source) => source.toString('utf8') === commit.source);
      expect(written).toBeDefined();
      expect((await download(created.body.id, commit.version)).equals(written as Buffer)).toBe(true);
    }
    // The same bytes again make no commit.
    const last = versions[responses.findIndex((response) => response.body.head_hash === history.at(-1)?.commitHash)] as Buffer;
    const again = await multipart('PATCH', `/ontologies/${created.body.id}`, { change_summary: 'same' }, last);
    expect(again.status).toBe(200);
    expect(await commitsOldestFirst(server.db.prisma, created.body.id)).toHaveLength(5);
    expect(uploadsLeft()).toEqual([]);
  }, 120_000);

  /** The metrics of a streamed write equal what the whole-text path measures for the same source. */
  async function expectMeasuredAsWhole(format: 'rdf' | 'json', source: Buffer, metrics: unknown) {
    const whole = await checkAndMeasure(format, source.toString('utf8'), { terms: false });
    expect(whole.ok && metrics).toEqual(whole.ok && whole.metrics);
  }
  /** A multipart create of a source past WHOLE_TEXT_SOURCE_MAX_BYTES: 201, terms in the background, measured as the whole-text path measures it. */
  async function createStreamed(source: Buffer, format: 'rdf' | 'json') {
    expect(source.length).toBeGreaterThan(WHOLE_LIMIT);
    const created = await create(source, format);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ source_bytes: source.length, terms_status: 'indexing' });
    await expectMeasuredAsWhole(format, source, created.body.metrics);
    return created;
  }
  /** Two versions in one verifiable chain, each downloading byte for byte. */
  async function expectTwoVersionsExact(id: string, first: Buffer, second: Buffer) {
    const history = await commitsOldestFirst(server.db.prisma, id);
    expect(history).toHaveLength(2);
    expect(findBrokenLink(history)).toBe(-1);
    expect((await download(id, '1.0.0')).equals(first)).toBe(true);
    expect((await download(id)).equals(second)).toBe(true);
  }

  /** Waits for the background terms of an ontology, then reads one term. */
  async function termWhenReady(id: string, iri: string) {
    let status = 'indexing';
    for (let tries = 0; status === 'indexing' && tries < 240; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await server.request('GET', `/api/v1/ontologies/${id}?omit_source=true`, { token: alice.token })).body.terms_status;
    }
    expect(status).toBe('ready');
    return server.request('GET', `/api/v1/ontologies/${id}/term?iri=${encodeURIComponent(iri)}`, { token: alice.token });
  }

  it('when an RDF/XML source larger than WHOLE_TEXT_SOURCE_MAX_BYTES is created and updated by multipart then it streams: measured as the whole-text path measures it, byte-exact, terms in the background', async () => {
    const first = rdfXmlOf(1_000_000, 'r');
    const created = await createStreamed(first, 'rdf');
    expect(created.body.metrics.rdf.classes).toBeGreaterThan(5000);
    expect((await download(created.body.id)).equals(first)).toBe(true);
    expect((await termWhenReady(created.body.id, 'http://example.org/r7')).body).toMatchObject({ label: 'Térme 7 é', parents: [expect.objectContaining({ iri: 'http://example.org/r3' })] });

    const second = rdfXmlOf(1_100_000, 's');
    const updated = await multipart('PATCH', `/ontologies/${created.body.id}`, { change_summary: 'second' }, second);
    expect(updated.status).toBe(200);
    await expectMeasuredAsWhole('rdf', second, updated.body.metrics);
    await expectTwoVersionsExact(created.body.id, first, second);
    expect((await termWhenReady(created.body.id, 'http://example.org/s9')).body).toMatchObject({ label: 'Térme 9 é', parents: [expect.objectContaining({ iri: 'http://example.org/s4' })] });
    expect(uploadsLeft()).toEqual([]);
  }, 120_000);

  it('when a large RDF/XML upload is cut off before its end then it is 422 with the line and leaves nothing', async () => {
    const whole = rdfXmlOf(600_000, 'cut');
    await expectRefusedAndNothingLeft(whole.subarray(0, whole.length - 20), 'owl', /^line \d+, column \d+: /, rdfXmlOf(200_000, 'h'), 'rdf');
  }, 120_000);

  /** Files of the upload folder this process holds open (the spool's writer, and its reader in the worker thread). */
  const spoolHandles = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(uploadDir);
      } catch {
        return false;
      }
    }).length;
  const until = async (condition: () => boolean, deadlineMs = 20_000) => {
    for (const started = Date.now(); !condition(); ) {
      if (Date.now() - started > deadlineMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  };
  /**
   * A multipart write (a create unless told) written by hand, the body part first, then the source in pieces with a
   * pause between each; stops sending when the server answers (or after `abortAfter` bytes, by
   * closing the connection). Answers how much of the source was sent, and the answer if any.
   */
  async function pacedUpload(
    source: Buffer,
    options: { piece: number; pauseMs: number; abortAfter?: number; beforeAbort?: () => Promise<void>; method?: string; path?: string; body?: unknown },
  ) {
    const boundary = 'oms-paced-upload-4f1c';
    const body = JSON.stringify(options.body ?? { ontology: { title: 'Paced', source_format: 'turtle' } });
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${body}\r\n--${boundary}\r\nContent-Disposition: form-data; name="source"; filename="source.ttl"\r\nContent-Type: text/turtle\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const request = await startRawRequest(server.baseUrl, {
      method: options.method ?? 'POST',
      path: `/api/v1${options.path ?? '/ontologies'}`,
      headers: {
        authorization: `Bearer ${alice.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(Buffer.byteLength(head) + source.length + Buffer.byteLength(tail)),
      },
      firstPart: head,
    });
    let sent = 0;
    try {
      while (sent < source.length && !request.closed()) {
        if (options.abortAfter !== undefined && sent >= options.abortAfter) {
          await options.beforeAbort?.();
          request.destroy();
          return { sent, answer: undefined };
        }
        const piece = source.subarray(sent, sent + options.piece);
        await request.write(piece);
        sent += piece.length;
        await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      }
      if (!request.closed()) await request.write(tail);
    } catch {
      // The server answered and closed its side while the source was still being sent.
    }
    const answer: RawAnswer = await request.answer(60_000);
    return { sent, answer };
  }

  it('when a large upload is invalid early on then it is refused while it still arrives, and leaves no ontology, commit, stored piece or file', async () => {
    const before = await stored();
    const source = Buffer.concat([turtleOf(400_000, 'e'), Buffer.from('ex:broken rdfs:label "no end\r\n'), turtleOf(16_000_000, 'f')]);
    const { sent, answer } = await pacedUpload(source, { piece: 64 * 1024, pauseMs: 25 });
    expect(answer?.status).toBe(422);
    expect(JSON.parse(answer?.body ?? '{}').errors.source[0]).toMatch(/^line \d+/);
    // Answered before the client had sent the whole source.
    expect(sent).toBeLessThan(source.length);
    expect(await stored()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
    expect(await until(() => spoolHandles() === 0)).toBe(true);

    // The same for an update whose body part names the format.
    const head = await create(turtleOf(200_000, 'u'));
    const afterCreate = await stored();
    const update = await pacedUpload(source, {
      piece: 64 * 1024,
      pauseMs: 25,
      method: 'PATCH',
      path: `/ontologies/${head.body.id}`,
      body: { ontology: { source_format: 'turtle' }, change_summary: 'broken' },
    });
    expect(update.answer?.status).toBe(422);
    expect(update.sent).toBeLessThan(source.length);
    expect(await stored()).toEqual(afterCreate);
    expect(uploadsLeft()).toEqual([]);
  });

  it('when a client stops sending a large upload half-way then the check started on it stops and nothing is left', async () => {
    const before = await stored();
    const source = turtleOf(8_000_000, 'a');
    let reading = false;
    const { answer } = await pacedUpload(source, {
      piece: 64 * 1024,
      pauseMs: 10,
      abortAfter: 2_000_000,
      // The spool is open twice: written by the request, read by the check in the worker.
      beforeAbort: async () => {
        reading = await until(() => spoolHandles() >= 2);
      },
    });
    expect(answer).toBeUndefined();
    expect(reading).toBe(true);
    expect(await until(() => spoolHandles() === 0)).toBe(true);
    expect(await until(() => uploadsLeft().length === 0)).toBe(true);
    expect(await stored()).toEqual(before);
  });

  it('when the source part comes before the body part then it is checked after it arrived, with the same metrics', async () => {
    const source = turtleOf(1_500_000, 'b');
    const form = new FormData();
    form.append('source', new Blob([source]), 'source.ttl');
    form.append('body', JSON.stringify({ ontology: { title: 'Source first', source_format: 'turtle' } }));
    const response = await fetch(`${server.baseUrl}/api/v1/ontologies`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body: form });
    const created = (await response.json()) as { id: string };
    expect(response.status).toBe(201);
    expect(created).toMatchObject({ source_bytes: source.length, metrics: { bytes: source.length, rdf: { triples: classesIn(source) * 3, classes: classesIn(source) } } });
    expect((await download(created.id)).equals(source)).toBe(true);
    expect(uploadsLeft()).toEqual([]);
  });

  it('when OBO Graphs JSON larger than WHOLE_TEXT_SOURCE_MAX_BYTES is created and JSON-LD replaces it by multipart then both stream: measured as the whole-text path measures them, byte-exact, JSON-LD terms in the background', async () => {
    const first = oboGraphsOf(700_000, 'g');
    const created = await createStreamed(first, 'json');
    expect(created.body.metrics.structure).toEqual({ top_level_keys: ['graphs', 'meta'], top_level_key_count: 2 });
    expect((await download(created.body.id)).equals(first)).toBe(true);

    const second = jsonLdOf(500_000, 'j');
    expect(second.length).toBeGreaterThan(WHOLE_LIMIT);
    const updated = await multipart('PATCH', `/ontologies/${created.body.id}`, { change_summary: 'JSON-LD' }, second);
    expect(updated.status).toBe(200);
    await expectMeasuredAsWhole('json', second, updated.body.metrics);
    expect(updated.body.metrics).toMatchObject({ syntax: 'json-ld', rdf: { classes: expect.any(Number) } });
    expect(updated.body.metrics.rdf.classes).toBeGreaterThan(3000);
    await expectTwoVersionsExact(created.body.id, first, second);
    expect((await termWhenReady(created.body.id, 'http://example.org/j9')).body).toMatchObject({ label: 'Térme 9 é', parents: [expect.objectContaining({ iri: 'http://example.org/j4' })] });
    expect(uploadsLeft()).toEqual([]);
  });

  it('when a large JSON upload is invalid at its very end then it is 422 with the line and column and leaves nothing', async () => {
    const whole = oboGraphsOf(600_000, 'bad');
    // The last closing brace is missing.
    const source = Buffer.concat([whole.subarray(0, whole.length - 3), Buffer.from('\r\n')]);
    await expectRefusedAndNothingLeft(source, 'json', /^line \d+, column \d+: expected ',' or '}' after property value$/, oboGraphsOf(200_000, 'h'));
  });

  it('when a source in a format parsed whole is over WHOLE_TEXT_SOURCE_MAX_BYTES then it is 413 saying so, and nothing is left', async () => {
    const before = await stored();
    const yaml = Buffer.from(`classes:\n${Array.from({ length: 20_000 }, (_, i) => `  C${i}:\n    description: term ${i}\n`).join('')}`);
    expect(yaml.length).toBeGreaterThan(WHOLE_LIMIT);
    const refused = await create(yaml, 'yaml');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toContain('WHOLE_TEXT_SOURCE_MAX_BYTES');
    expect(await stored()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
  }, 120_000);

  it('when the web upload form sends a large Turtle file then it is checked and stored as a stream, as a multipart write is', async () => {
    const created = await create(turtleOf(150_000, 'w'));
    expect(created.status).toBe(201);
    const cookie = await signInCookie(server, alice);
    const upload = async (file: Buffer) => {
      const page = await getPage(server, `/ontologies/${created.body.id}/upload`, cookie);
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
      const form = new FormData();
      form.append('csrf', csrf);
      form.append('message', 'From the form');
      form.append('source', new Blob([file], { type: 'text/turtle' }), 'big.ttl');
      return fetch(`${server.baseUrl}/ontologies/${created.body.id}/upload`, { method: 'POST', redirect: 'manual', headers: { cookie }, body: form });
    };
    const webUploadsLeft = () => readdirSync(uploadDir).filter((name) => name.startsWith('oms-web-upload-'));

    // Past WHOLE_TEXT_SOURCE_MAX_BYTES: read as one string it would be a 413; streamed, it is saved.
    const source = turtleOf(WHOLE_LIMIT + 50_000, 'w2');
    const saved = await upload(source);
    expect(saved.status).toBe(303);
    const head = (await server.request('GET', `/api/v1/ontologies/${created.body.id}?omit_source=true`, { token: alice.token })).body;
    expect(head).toMatchObject({ version: '1.0.1', source_bytes: source.length, metrics: { rdf: { classes: classesIn(source) } } });
    expect((await download(created.body.id)).equals(source)).toBe(true);
    expect(webUploadsLeft()).toEqual([]);

    // Invalid at its end: the form again with the line, and nothing kept.
    const before = await stored();
    const refused = await upload(Buffer.concat([turtleOf(WHOLE_LIMIT + 50_000, 'w3'), Buffer.from('ex:last rdfs:label\r\n')]));
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/role="alert">source line \d+/);
    expect(await stored()).toEqual(before);
    expect(webUploadsLeft()).toEqual([]);

    // A format parsed whole is held to WHOLE_TEXT_SOURCE_MAX_BYTES through the form too.
    const yamlHead = await create(Buffer.from('classes:\n  A:\n    description: a\n'), 'yaml');
    expect(yamlHead.status).toBe(201);
    const yamlPage = await getPage(server, `/ontologies/${yamlHead.body.id}/upload`, cookie);
    const yamlForm = new FormData();
    yamlForm.append('csrf', /name="csrf" value="([^"]+)"/.exec(yamlPage.html)?.[1] ?? '');
    const yaml = Buffer.from(`classes:\n${Array.from({ length: 20_000 }, (_, i) => `  C${i}:\n    description: term ${i}\n`).join('')}`);
    yamlForm.append('source', new Blob([yaml]), 'big.yaml');
    const tooLarge = await fetch(`${server.baseUrl}/ontologies/${yamlHead.body.id}/upload`, { method: 'POST', redirect: 'manual', headers: { cookie }, body: yamlForm });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain('WHOLE_TEXT_SOURCE_MAX_BYTES');
    expect(webUploadsLeft()).toEqual([]);
  }, 120_000);
});
