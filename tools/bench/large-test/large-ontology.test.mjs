// An ontology at real size end to end (DESIGN 8, issue 21), through the real HTTP service (the
// built single process on a fresh PGlite folder, or on a fresh PostgreSQL database with
// LARGE_TARGET=postgres): a generated Turtle source of LARGE_MB (default 200) MB is created by
// multipart, updated by multipart with 1% of its lines edited at scattered places, read back
// byte for byte (both versions, by SHA-256), diffed (the streamed line diff must count exactly
// the lines that changed), and its terms indexed in the background until `terms_status` is
// `ready`, when a term planted in the middle of the file is found by the term search. The
// service's peak RSS over the whole run and each step's time are printed. `npm run test:large`
// (too slow for `npm test`). LARGE_FORMAT=rdf makes the source RDF/XML as the OWL API writes it
// (namespace entities in every IRI), checked and stored by the streaming RDF/XML path;
// LARGE_FORMAT=json makes it OBO Graphs JSON as ROBOT writes it (go.json), through the streaming
// JSON path: such JSON has no terms here (only LinkML and JSON-LD do), so the last step checks
// that terms_status still becomes ready, with none found.
import { createHash } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../lib/api.mjs';
import { openBenchPglite, openBenchPostgres } from '../lib/database.mjs';
import { editedOboGraphs, generateOboGraphs, oboGraphsNode } from '../lib/large-obographs.mjs';
import { editedRdfXml, generateRdfXml, rdfXmlClass } from '../lib/large-rdfxml.mjs';
import { editedVersion, generateTurtle, random } from '../lib/large-turtle.mjs';
import { rssMiB, sampleRss } from '../lib/rss-sampler.mjs';
import { startService } from '../lib/service.mjs';

const MB = 1_000_000;
const SIZE_MB = Number(process.env.LARGE_MB ?? 200);
const PLANTED_WORD = 'quokkamorphic';
const FORMAT = ['rdf', 'json'].includes(process.env.LARGE_FORMAT) ? process.env.LARGE_FORMAT : 'turtle';
const PLANTED =
  FORMAT === 'rdf'
    ? rdfXmlClass('Planted', 'T000001000', random(7), `${PLANTED_WORD} planted term`)
    : FORMAT === 'json'
      ? oboGraphsNode('Planted', random(7), `${PLANTED_WORD} planted term`)
      : `ex:Planted a owl:Class ;\n    rdfs:label "${PLANTED_WORD} planted term"@en ;\n    rdfs:subClassOf ex:T000001000 .\n\n`;
const TERMS_TIMEOUT_MS = 60 * 60_000;

const log = (line) => process.stdout.write(`[large] ${line}\n`);
const seconds = (started) => (performance.now() - started) / 1000;

async function sha256OfFile(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** The first version with a term planted at a term boundary in its middle; the second with 1% of its lines edited. */
function versions() {
  if (FORMAT === 'json') {
    const first = generateOboGraphs(SIZE_MB * MB, 210, PLANTED);
    const second = editedOboGraphs(first, 2110);
    return { first, second, changed: changedLines(first, second) };
  }
  const generated = FORMAT === 'rdf' ? generateRdfXml(SIZE_MB * MB, 210) : generateTurtle(SIZE_MB * MB, 210).text;
  const middle = generated.indexOf(FORMAT === 'rdf' ? '\n    <!-- http' : '\n\nex:T', Math.floor(generated.length / 2)) + (FORMAT === 'rdf' ? 1 : 2);
  const first = `${generated.slice(0, middle)}${PLANTED}${generated.slice(middle)}`;
  const second = FORMAT === 'rdf' ? editedRdfXml(first, 2110) : editedVersion(first, 2110);
  if (!second.includes(PLANTED)) throw new Error('the edits hit the planted term: choose another seed');
  return { first, second, changed: changedLines(first, second) };
}

/** How many lines differ between two versions of the same line count (edits replace lines in place). */
function changedLines(first, second) {
  const a = first.split('\n');
  const b = second.split('\n');
  let changed = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) changed += 1;
  return changed;
}

describe(`an ontology of ${SIZE_MB} MB end to end`, () => {
  let dir;
  let db;
  let service;
  let sampler;
  let token;
  let files;
  let changed;
  let id;
  const started = performance.now();
  const timings = {};

  const api = (pathName, init = {}) =>
    fetch(`${service.url}/api/v1${pathName}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers }, signal: AbortSignal.timeout(1_800_000) });

  /** A multipart write; a 503 is retried after its Retry-After, as a client should (logged: the answer says why). */
  async function upload(method, pathName, body, file) {
    for (let attempt = 1; ; attempt += 1) {
      log(`${method} ${path.basename(file)} by multipart (attempt ${attempt})...`);
      const form = new FormData();
      form.append('body', JSON.stringify(body));
      form.append('source', await openAsBlob(file), path.basename(file));
      const response = await api(pathName, { method, body: form });
      const answer = { status: response.status, body: await response.json() };
      if (answer.status !== 503 || attempt >= 30) return answer;
      const wait = Number(response.headers.get('retry-after') ?? 5);
      log(`503 (${JSON.stringify(answer.body).slice(0, 200)}), Retry-After ${wait} s`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
    }
  }

  async function downloadSha(query) {
    const response = await api(`/ontologies/${id}/source${query}`);
    expect(response.status).toBe(200);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of response.body) {
      hash.update(chunk);
      bytes += chunk.length;
    }
    return { sha256: hash.digest('hex'), bytes, length: Number(response.headers.get('content-length')) };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'oms-large-'));
    const generated = versions();
    changed = generated.changed;
    const extension = { rdf: 'rdf', json: 'json', turtle: 'ttl' }[FORMAT];
    files = { first: path.join(dir, `v1.${extension}`), second: path.join(dir, `v2.${extension}`) };
    await writeFile(files.first, generated.first);
    await writeFile(files.second, generated.second);
    files.bytes = [Buffer.byteLength(generated.first), Buffer.byteLength(generated.second)];
    files.sha256 = [await sha256OfFile(files.first), await sha256OfFile(files.second)];
    log(`two ${FORMAT} versions of ${(files.bytes[0] / MB).toFixed(1)} MB, ${changed} lines changed at scattered places, generated in ${seconds(started).toFixed(0)} s`);
    db = process.env.LARGE_TARGET === 'postgres' ? await openBenchPostgres(log, { prefix: 'oms_large' }) : await openBenchPglite();
    // A small run (LARGE_MB under the default 16 MiB) lowers the limit so that its diff streams too.
    service = await startService({ ...db.env, ...(SIZE_MB * MB <= 16 * 1024 * 1024 ? { DIFF_STREAM_MIN_BYTES: String(MB) } : {}) });
    log(`service on ${db.label}, RSS at start ${rssMiB(service.pid).toFixed(0)} MiB`);
    sampler = sampleRss(service.pid, { intervalMs: 50, maxMs: 3 * 60 * 60_000 });
    token = (await signUp(service.url, 'large')).token;
  }, 30 * 60_000);

  afterAll(async () => {
    const peak = sampler ? await sampler.stop() : undefined;
    if (peak) log(`service peak RSS over the run: ${peak.peakMiB.toFixed(0)} MiB (${peak.samples} samples)`);
    log(`times (s): ${JSON.stringify(timings)}; whole run ${seconds(started).toFixed(0)} s`);
    await service?.stop();
    await db?.dispose?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('when it is created and updated by multipart then both versions read back byte for byte', async () => {
    let step = performance.now();
    const created = await upload('POST', '/ontologies', { ontology: { title: 'large ontology', source_format: FORMAT, visibility: 'private' } }, files.first);
    timings.create = seconds(step);
    log(`created in ${timings.create.toFixed(0)} s (${created.status}), service RSS ${rssMiB(service.pid).toFixed(0)} MiB`);
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    expect(created.body.source_bytes).toBe(files.bytes[0]);
    id = created.body.id;

    step = performance.now();
    const updated = await upload('PATCH', `/ontologies/${id}`, { ontology: {}, change_summary: '1% of the lines edited' }, files.second);
    timings.update = seconds(step);
    log(`updated in ${timings.update.toFixed(0)} s (${updated.status}), service RSS ${rssMiB(service.pid).toFixed(0)} MiB`);
    expect(updated.status, JSON.stringify(updated.body).slice(0, 300)).toBe(200);
    expect(updated.body.version).toBe('1.0.1');

    step = performance.now();
    const head = await downloadSha('');
    timings.download_head = seconds(step);
    expect(head).toEqual({ sha256: files.sha256[1], bytes: files.bytes[1], length: files.bytes[1] });
    step = performance.now();
    const first = await downloadSha('?commit_id=1.0.0');
    timings.download_first = seconds(step);
    log(`downloaded both versions in ${timings.download_head.toFixed(0)} s and ${timings.download_first.toFixed(0)} s`);
    expect(first).toEqual({ sha256: files.sha256[0], bytes: files.bytes[0], length: files.bytes[0] });
  }, 60 * 60_000);

  it('when the two versions are diffed then the answer counts exactly the lines that changed', async () => {
    const step = performance.now();
    const response = await api(`/ontologies/${id}/diff`);
    const diff = await response.json();
    timings.diff = seconds(step);
    log(`diffed in ${timings.diff.toFixed(1)} s (${response.status}), service RSS ${rssMiB(service.pid).toFixed(0)} MiB`);
    expect(response.status, JSON.stringify(diff).slice(0, 300)).toBe(200);
    expect(diff).toMatchObject({ kind: 'text', truncated: 2 * changed > 10_000, from: { version: '1.0.0' }, to: { version: '1.0.1' } });
    expect(diff.summary.lines_added).toBe(changed);
    expect(diff.summary.lines_removed).toBe(changed);
    expect(diff.fallback_reason).toMatch(/line by line/);
  }, 30 * 60_000);

  it(`when its terms are indexed in the background then terms_status becomes ready and ${FORMAT === 'json' ? 'no term is found (OBO Graphs JSON has none here)' : 'the planted term is found'}`, async () => {
    const step = performance.now();
    let status;
    while (performance.now() - step < TERMS_TIMEOUT_MS) {
      // Without omit_source the single read answers the whole source as one JSON string: at 200 MB
      // each poll cost the service about 1 GB, which the peak RSS then reported as if terms did.
      const response = await api(`/ontologies/${id}?omit_source=true`);
      expect(response.status).toBe(200);
      status = (await response.json()).terms_status;
      if (status === 'indexing' && Math.round(seconds(step)) % 60 < 5) log(`terms still indexing after ${seconds(step).toFixed(0)} s`);
      if (status !== 'indexing') break;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    timings.terms_ready = seconds(step);
    expect(status).toBe('ready');
    const search = await api(`/terms?q=${PLANTED_WORD}&ontology_id=${id}`);
    const found = await search.json();
    expect(search.status).toBe(200);
    if (FORMAT === 'json') expect(found.data).toEqual([]);
    else expect(found.data.map((term) => term.iri)).toContain('http://example.org/onto/Planted');
  }, TERMS_TIMEOUT_MS + 60_000);
});
