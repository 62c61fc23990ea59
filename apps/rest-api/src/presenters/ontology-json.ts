// A listed ontology as JSON pieces: the same text as JSON.stringify(presentOntology(...)),
// with a large source written chunk by chunk instead of as one string.
import type { OntologyWithStreamedSource } from '@oms/ontology-service';
import { jsonAround, jsonStringContent } from '../http/json-pieces.js';
import { presentOntology } from '@oms/ontology-service';

export async function* ontologyJsonPieces(item: OntologyWithStreamedSource, baseUrl: string): AsyncGenerator<string> {
  const { row, source } = item;
  if (typeof source === 'string') {
    yield JSON.stringify(presentOntology({ ...row, commits: [{ source }] }, baseUrl));
    return;
  }
  const { head, tail } = jsonAround(presentOntology({ ...row, commits: [{ source: '' }] }, baseUrl), 'source');
  let pending = `${head}"`;
  for await (const text of source) {
    yield pending + jsonStringContent(text);
    pending = '';
  }
  yield `${pending}"${tail}`;
}
