// download: streaming a large version through GET /api/v1/ontologies/:id/source (from the
// database, chunk by chunk) against a bare node:http server streaming the same file from disk
// (tools/bench/baselines/bare-file-server.mjs), in MB/s, runs alternating. The source is a
// generated OBO-like Turtle file of 100 MB (8 MB with --quick), uploaded once by multipart; it
// is stored as `other` so the set-up is storage only (ingest has its own cases; the download
// path does not depend on the format). The bytes downloaded are checked against the file once.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { startBareFileServer } from '../lib/bare-server.mjs';
import { onCleanup } from '../lib/cleanup.mjs';
import { repeat } from '../lib/repeat.mjs';
import { median } from '../lib/stats.mjs';

const MB = 1024 * 1024;

/** Writes an OBO-like Turtle file of at least `bytes` bytes (classes with labels, definitions, parents). */
async function writeTurtle(file, bytes) {
  const out = createWriteStream(file);
  const header = '@prefix obo: <http://purl.obolibrary.org/obo/> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n@prefix owl: <http://www.w3.org/2002/07/owl#> .\n\n';
  let written = 0;
  const write = async (text) => {
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(header);
  for (let i = 1; written < bytes; i += 1) {
    const id = String(i).padStart(7, '0');
    const parent = String(Math.max(1, Math.floor(i / 3))).padStart(7, '0');
    await write(
      `obo:GEN_${id} a owl:Class ;\n  rdfs:label "generated term ${i}" ;\n  obo:IAO_0000115 "A generated class number ${i}, a kind of term ${parent}, for the download bench." ;\n  rdfs:subClassOf obo:GEN_${parent} .\n\n`,
    );
  }
  out.end();
  await once(out, 'finish');
}

async function sha256OfFile(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Downloads `url` whole; answers MB/s and (when asked) the SHA-256 of the bytes. */
async function downloadRate(url, headers, expectedBytes, withHash = false) {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(300_000) });
  if (response.status !== 200) throw new Error(`download: ${response.status} ${(await response.text()).slice(0, 200)}`);
  const hash = withHash ? createHash('sha256') : undefined;
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    hash?.update(chunk);
  }
  const seconds = (performance.now() - started) / 1000;
  if (bytes !== expectedBytes) throw new Error(`download: got ${bytes} bytes, expected ${expectedBytes}`);
  return { rate: bytes / MB / seconds, sha256: hash?.digest('hex') };
}

export default {
  name: 'download',
  unit: 'MB/s',
  goal: '>= 0.5',
  baseline: 'bare node:http server streaming the same file from disk (tools/bench/baselines/bare-file-server.mjs)',
  async run(ctx) {
    const dir = await mkdtemp(path.join(tmpdir(), 'oms-bench-download-'));
    const removeDir = () => rm(dir, { recursive: true, force: true });
    const unregister = onCleanup('download bench files', removeDir);
    try {
      const file = path.join(dir, 'large.ttl');
      await writeTurtle(file, (ctx.quick ? 8 : 100) * MB);
      const { size } = await stat(file);
      const expected = await sha256OfFile(file);
      const { api } = await ctx.newUser('download');
      const form = new FormData();
      form.append('body', JSON.stringify({ ontology: { title: 'download bench', source_format: 'other', visibility: 'private' } }));
      form.append('source', await openAsBlob(file), 'large.ttl');
      const uploadStarted = performance.now();
      const created = await fetch(`${ctx.service.url}/api/v1/ontologies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}` },
        body: form,
        signal: AbortSignal.timeout(300_000),
      });
      const createdBody = await created.json();
      if (created.status !== 201) throw new Error(`multipart create: ${created.status} ${JSON.stringify(createdBody).slice(0, 300)}`);
      ctx.log(`uploaded ${(size / MB).toFixed(1)} MB by multipart in ${((performance.now() - uploadStarted) / 1000).toFixed(1)} s`);

      const bare = await startBareFileServer(file);
      try {
        const headers = { authorization: `Bearer ${api.token}` };
        const serviceUrl = `${ctx.service.url}/api/v1/ontologies/${createdBody.id}/source`;
        const check = await downloadRate(serviceUrl, headers, size, true);
        if (check.sha256 !== expected) throw new Error('the service answered other bytes than were uploaded');
        const runs = await repeat({ times: ctx.quick ? 1 : 5, budgetMs: 150_000, log: ctx.log }, async () => ({
          service: (await downloadRate(serviceUrl, headers, size)).rate,
          baseline: (await downloadRate(`${bare.url}/large.ttl`, {}, size)).rate,
        }));
        ctx.log(`service MB/s: ${runs.map((r) => r.service.toFixed(0)).join(', ')}; bare MB/s: ${runs.map((r) => r.baseline.toFixed(0)).join(', ')}`);
        return { value: median(runs.map((r) => r.service)), baseline_value: median(runs.map((r) => r.baseline)), details: { bytes: size } };
      } finally {
        await bare.stop();
      }
    } finally {
      unregister();
      await removeDir();
    }
  },
};
