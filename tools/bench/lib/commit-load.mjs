// Source PATCHes on one ontology: successive sources that each add one triple to the one
// before, sent by one or more writers (each writer takes the next source in turn).
import { performance } from 'node:perf_hooks';
import { readFixture } from './fixtures.mjs';

export const COMMIT_FIXTURE = 'turtle/foaf.ttl';

/** The fixture, then `count` sources that each add one triple to the previous one. */
export function successiveSources(count) {
  const base = readFixture(COMMIT_FIXTURE);
  let source = base.endsWith('\n') ? base : `${base}\n`;
  const sources = [];
  for (let k = 1; k <= count; k += 1) {
    source += `<http://example.org/bench#s${k}> <http://example.org/bench#p> "${k}" .\n`;
    sources.push(source);
  }
  return { base, sources };
}

/** Patches every source in order over `writers` concurrent writers; answers patches per second. */
export async function patchRate(api, ontologyId, sources, writers) {
  let next = 0;
  const failures = [];
  const writer = async () => {
    while (next < sources.length) {
      const source = sources[next];
      next += 1;
      const response = await fetch(`${api.baseUrl}/api/v1/ontologies/${ontologyId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ontology: { source } }),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      if (response.status !== 200) failures.push(`${response.status} ${text.slice(0, 200)}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: writers }, writer));
  const seconds = (performance.now() - started) / 1000;
  if (failures.length > 0) throw new Error(`${failures.length} of ${sources.length} PATCHes failed, e.g. ${failures[0]}`);
  const commits = await api.commitCount(ontologyId);
  if (commits !== sources.length + 1) throw new Error(`expected ${sources.length + 1} commits after ${sources.length} PATCHes, found ${commits}`);
  return sources.length / seconds;
}

/** A fresh ontology of the fixture for one repetition. */
export async function freshOntology(api, title) {
  const { base } = successiveSources(0);
  return api.createOntology({ title, source: base, source_format: 'turtle', visibility: 'private' });
}
