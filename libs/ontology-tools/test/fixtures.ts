// The shared fixtures, read in place beside the repository (never copied into it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SourceFormat } from '@oms/formats';

const root = fileURLToPath(new URL('../../../../shared/fixtures/ontologies/', import.meta.url));

export const readFixture = (path: string): string => readFileSync(`${root}${path}`, 'utf8');

/** Every RDF fixture with its format and the triple count the fixtures README gives (rdflib). */
export const RDF_FIXTURES: { path: string; format: SourceFormat; triples: number }[] = [
  { path: 'owl/pizza.owl', format: 'owl', triples: 1944 },
  { path: 'owl/wine.owl', format: 'owl', triples: 1839 },
  { path: 'owl/prov-o.owl', format: 'owl', triples: 1146 },
  { path: 'owl/schemaorg-30.0.owl', format: 'owl', triples: 36054 },
  { path: 'turtle/prov-o.ttl', format: 'turtle', triples: 1146 },
  { path: 'turtle/dcat3.ttl', format: 'turtle', triples: 1695 },
  { path: 'turtle/foaf.ttl', format: 'turtle', triples: 631 },
  { path: 'turtle/schemaorg-current-https.ttl', format: 'turtle', triples: 17949 },
  { path: 'turtle/VOCAB_QUDT-UNITS-ALL.ttl', format: 'turtle', triples: 60475 },
  { path: 'rdf/dcterms.rdf', format: 'rdf', triples: 857 },
  { path: 'rdf/foaf.rdf', format: 'rdf', triples: 631 },
  { path: 'rdf/sparql-service-description.rdf', format: 'rdf', triples: 177 },
];
