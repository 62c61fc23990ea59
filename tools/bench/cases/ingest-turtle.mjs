// ingest-turtle: creating an ontology from a 3.1 MB Turtle file vs N3.js parsing it alone.
import { parseTurtle } from '../baselines/n3-parse.mjs';
import { ingestCase } from '../lib/ingest.mjs';

export default ingestCase({
  name: 'ingest-turtle',
  fixture: 'turtle/VOCAB_QUDT-UNITS-ALL.ttl',
  format: 'turtle',
  parserName: 'N3.js',
  parse: parseTurtle,
});
