// What the large-ingest cases share (ingest-large, memory): a generated Turtle file of a given
// size in the system's temporary folder, created by a multipart POST streamed from disk (the
// client never holds it), and N3.js parsing the same file from disk as the baseline.
import { openAsBlob } from 'node:fs';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Parser } from 'n3';
import { writeTurtleFile } from './large-turtle.mjs';

/** A generated Turtle file of about `bytes` bytes; `dispose()` removes it. */
export async function turtleFile(bytes, seed = 1) {
  const path = join(tmpdir(), `oms-bench-${process.pid}-${seed}-${bytes}.ttl`);
  const size = await writeTurtleFile(path, bytes, seed);
  return { path, bytes: size, dispose: () => rm(path, { force: true }) };
}

/**
 * `body(file)` with a generated Turtle file of `sizes.quick` or `sizes.full` bytes (by the run's
 * kind; `seed` varies the content), removed afterwards whatever happens.
 */
export async function withTurtleFile(ctx, sizes, seed, body) {
  const file = await turtleFile(ctx.quick ? sizes.quick : sizes.full, seed);
  try {
    return await body(file);
  } finally {
    await file.dispose();
  }
}

/** Deletes the created ontology and restarts the service, so that its background terms do not run into what comes next. */
export async function deleteAndRestart(ctx, token, id) {
  await deleteOntology(ctx.service.url, token, id);
  await ctx.restartService();
}

/** POST /api/v1/ontologies as multipart, the source streamed from the file; answers ms and the created ontology. */
export async function multipartCreate(baseUrl, token, file, title, timeoutMs = 900_000) {
  const form = new FormData();
  form.append('body', JSON.stringify({ ontology: { title, source_format: 'turtle', visibility: 'private' } }));
  form.append('source', await openAsBlob(file.path), 'source.ttl');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/ontologies`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`multipart POST answered ${response.status}: ${text.slice(0, 300)}`);
  const created = JSON.parse(text);
  if (created.source_bytes !== file.bytes) throw new Error(`the service took ${created.source_bytes} bytes of ${file.bytes}`);
  return { ms, created };
}

/**
 * A small Turtle create (JSON, checked in the worker thread), so that a freshly started service
 * has its worker thread running before a timed request.
 */
export async function warmUp(baseUrl, token) {
  const lines = ['@prefix ex: <http://example.org/warm/> .'];
  for (let i = 0; i < 3000; i += 1) lines.push(`ex:t${i} ex:label "warm up term ${i}" .`);
  const response = await fetch(`${baseUrl}/api/v1/ontologies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ontology: { title: 'warm-up', source: lines.join('\n'), source_format: 'turtle', visibility: 'private' } }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`warm-up POST answered ${response.status}: ${text.slice(0, 300)}`);
}

export async function deleteOntology(baseUrl, token, id) {
  const response = await fetch(`${baseUrl}/api/v1/ontologies/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(120_000) });
  await response.arrayBuffer();
  if (response.status !== 204) throw new Error(`DELETE answered ${response.status}`);
}

/** N3.js parsing the file from disk (its lexer reads the stream), counting quads: ms. */
export function parseFileWithN3(path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let quads = 0;
    new Parser({ format: 'text/turtle' }).parse(createReadStream(path, { highWaterMark: 256 * 1024 }), (error, quad) => {
      if (error) reject(error);
      else if (quad) quads += 1;
      else if (quads === 0) reject(new Error('N3.js produced no quads'));
      else resolve(performance.now() - started);
    });
  });
}

/**
 * A large multipart create (past TERMS_SYNC_MAX_BYTES, 10 MiB), waited out until its background
 * terms are done, then deleted: a service that has taken large uploads before keeps its upload-check
 * and background-terms threads for 15 idle minutes, so a measurement of one large upload does not
 * include starting them.
 */
export async function warmUpLarge(baseUrl, token) {
  const file = await turtleFile(11 * 1024 * 1024, 9);
  try {
    const { created } = await multipartCreate(baseUrl, token, file, 'warm-up large');
    for (let tries = 0; tries < 600; tries += 1) {
      const response = await fetch(`${baseUrl}/api/v1/ontologies/${created.id}?omit_source=true`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
      const { terms_status: status } = await response.json();
      if (status !== 'indexing') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await deleteOntology(baseUrl, token, created.id);
  } finally {
    await file.dispose();
  }
}
