// ingest-rdfxml: creating an ontology from a 2 MB RDF/XML (OWL) file vs rdfxml-streaming-parser alone.
import { parseRdfXml } from '../baselines/rdfxml-parse.mjs';
import { ingestCase } from '../lib/ingest.mjs';

export default ingestCase({
  name: 'ingest-rdfxml',
  fixture: 'owl/schemaorg-30.0.owl',
  format: 'owl',
  parserName: 'rdfxml-streaming-parser',
  parse: parseRdfXml,
});
