import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { signUp } from './lib/api.mjs';
import { openBenchPglite } from './lib/database.mjs';
import { generateTurtle } from './lib/large-turtle.mjs';
import { rssMiB } from './lib/rss-sampler.mjs';
import { startService } from './lib/service.mjs';
const MB = Number(process.env.MB ?? 30);
const db = await openBenchPglite();
const service = await startService(db.env);
try {
  const { token } = await signUp(service.url, 'probe');
  const file = '/tmp/probe/src.ttl';
  await writeFile(file, generateTurtle(MB * 1e6, 3).text);
  const form = new FormData();
  form.append('body', JSON.stringify({ ontology: { title: 'p', source_format: 'turtle' } }));
  form.append('source', await openAsBlob(file), 'src.ttl');
  const created = await fetch(`${service.url}/api/v1/ontologies`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = await created.json();
  console.log('create', created.status, body.source_bytes, 'rss', rssMiB(service.pid).toFixed(0));
  for (const format of (process.env.FORMATS ?? 'ntriples,rdfxml,jsonld,turtle').split(',')) {
    const t = Date.now();
    const r = await fetch(`${service.url}/api/v1/ontologies/${body.id}/source?format=${format}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await r.text();
    console.log(format, r.status, text.length, text.slice(0, 200).replace(/\n/g, ' '), `${Date.now() - t} ms`, 'rss', rssMiB(service.pid).toFixed(0));
  }
  const t = Date.now();
  const read = await fetch(`${service.url}/api/v1/ontologies/${body.id}`, { headers: { authorization: `Bearer ${token}` } });
  const whole = await read.text();
  console.log('GET json with source', read.status, whole.length, `${Date.now() - t} ms`, 'rss', rssMiB(service.pid).toFixed(0));
} finally {
  await service.stop();
  await db.dispose?.();
}
