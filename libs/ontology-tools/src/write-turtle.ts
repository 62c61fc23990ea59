// Turtle and N-Triples with N3.js's Writer. Turtle keeps the source's prefixes (where N3.js
// can use them) and writes each subject's statements together.
import { Writer } from 'n3';
import { NotRepresentableError } from './errors.js';
import type { Quad } from './terms.js';
import { WELL_KNOWN_PREFIXES } from './vocabulary.js';

const PREFIX_NAME = /^([A-Za-z][\w.-]*)?$/;

function usablePrefixes(prefixes: Record<string, string>): Record<string, string> {
  const usable: Record<string, string> = {};
  const taken = new Set<string>();
  for (const [name, iri] of Object.entries({ ...WELL_KNOWN_PREFIXES, ...prefixes })) {
    if (!PREFIX_NAME.test(name) || name.endsWith('.') || !/^[a-z][a-z0-9+.-]*:/i.test(iri) || taken.has(iri)) continue;
    usable[name] = iri;
    taken.add(iri);
  }
  return usable;
}

/** Statements of one subject next to each other, subjects in order of first appearance. */
function bySubject(quads: readonly Quad[]): Quad[] {
  const groups = new Map<string, Quad[]>();
  for (const quad of quads) {
    const key = `${quad.subject.termType}:${quad.subject.value}`;
    const group = groups.get(key);
    if (group) group.push(quad);
    else groups.set(key, [quad]);
  }
  return [...groups.values()].flat();
}

function write(quads: readonly Quad[], options: ConstructorParameters<typeof Writer>[0]): Promise<string> {
  if (quads.some((quad) => quad.graph.termType !== 'DefaultGraph')) {
    return Promise.reject(new NotRepresentableError('the dataset has named graphs, which Turtle and N-Triples cannot hold'));
  }
  const writer = new Writer(options);
  writer.addQuads([...quads]);
  return new Promise((resolve, reject) => writer.end((error: Error | null, result: string) => (error ? reject(error) : resolve(result))));
}

export function writeTurtle(quads: readonly Quad[], prefixes: Record<string, string> = {}): Promise<string> {
  return write(bySubject(quads), { format: 'text/turtle', prefixes: usablePrefixes(prefixes) });
}

export function writeNTriples(quads: readonly Quad[]): Promise<string> {
  return write(quads, { format: 'N-Triples' });
}
