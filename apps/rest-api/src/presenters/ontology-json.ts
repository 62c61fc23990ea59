// A listed ontology as JSON pieces: the same text as JSON.stringify(presentOntology(...)),
// with a large source written chunk by chunk instead of as one string. With `omitSource`
// (omit_source=true, DESIGN 8) the source is left out and its UTF-8 byte length given instead.
import type { OntologyResponse, OntologyWithoutSourceResponse } from '@oms/contracts';
import type { OntologyWithStreamedSource } from '@oms/ontology-service';
import { jsonWithStreamedString } from '../http/json-pieces.js';
import { presentOntology } from '@oms/ontology-service';

/** The answer without `source`, with `source_bytes` where it stood (`bytes`: the length when known, else counted from `source`). */
export function withoutSource(answer: OntologyResponse, bytes?: number): OntologyWithoutSourceResponse {
  const length = bytes ?? Buffer.byteLength(answer.source, 'utf8');
  return Object.fromEntries(
    Object.entries(answer).map(([key, value]) => (key === 'source' ? ['source_bytes', length] : [key, value])),
  ) as OntologyWithoutSourceResponse;
}

/** UTF-8 bytes of a source given whole or in chunks (the chunks are read, not kept). */
async function byteLengthOf(source: OntologyWithStreamedSource['source']): Promise<number> {
  if (typeof source === 'string') return Buffer.byteLength(source, 'utf8');
  let bytes = 0;
  for await (const text of source) bytes += Buffer.byteLength(text, 'utf8');
  return bytes;
}

export async function* ontologyJsonPieces(item: OntologyWithStreamedSource, baseUrl: string, omitSource = false): AsyncGenerator<string> {
  const { row, source } = item;
  if (omitSource) {
    yield JSON.stringify(withoutSource(presentOntology({ ...row, commits: [{ source: '' }] }, baseUrl), await byteLengthOf(source)));
    return;
  }
  if (typeof source === 'string') {
    yield JSON.stringify(presentOntology({ ...row, commits: [{ source }] }, baseUrl));
    return;
  }
  yield* jsonWithStreamedString(presentOntology({ ...row, commits: [{ source: '' }] }, baseUrl), 'source', source);
}
