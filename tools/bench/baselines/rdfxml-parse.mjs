// Baseline for ingest-rdfxml: rdfxml-streaming-parser alone on the text, counting quads.
import { RdfXmlParser } from 'rdfxml-streaming-parser';

export function parseRdfXml(text) {
  return new Promise((resolve, reject) => {
    let quads = 0;
    const parser = new RdfXmlParser({ baseIRI: 'http://base.invalid/document' });
    parser.on('data', () => (quads += 1));
    parser.on('error', reject);
    parser.on('end', () => resolve(quads));
    parser.write(text);
    parser.end();
  });
}
