// Metrics stored with each commit (issue 10), shown on single-commit and single-ontology answers.
import { z } from 'zod';

const count = z.number().int().min(0);

export const RdfMetrics = z
  .object({
    triples: count.describe('Distinct triples after parsing'),
    classes: count.describe('Named subjects typed owl:Class or rdfs:Class'),
    object_properties: count,
    datatype_properties: count,
    annotation_properties: count,
    other_properties: count.describe('Properties typed rdf:Property or only with an OWL property characteristic'),
    individuals: count.describe('Named subjects typed owl:NamedIndividual or with a class outside RDF, RDFS, OWL and XSD'),
    imports: z.array(z.string()).describe('owl:imports declared (never fetched)'),
  })
  .meta({ id: 'RdfMetrics' });

export const StructureMetrics = z
  .object({
    top_level_keys: z.array(z.string()).describe('The first 100 top-level keys'),
    top_level_key_count: count,
    linkml: z.object({ classes: count, slots: count, types: count, enums: count }).optional().describe('For LinkML-shaped schemas'),
  })
  .meta({ id: 'StructureMetrics' });

export const OrmMetrics = z
  .object({ object_types: count, entity_types: count, value_types: count, fact_types: count, constraints: count })
  .meta({ id: 'OrmMetrics' });

export const CommitMetrics = z
  .object({
    bytes: count.describe('UTF-8 bytes of the source'),
    lines: count,
    syntax: z.enum(['owl-xml', 'json-ld']).optional().describe('owl written as OWL/XML (no triples counted), json that is JSON-LD'),
    rdf: RdfMetrics.optional().describe('turtle, rdf, owl (RDF/XML) and JSON-LD up to 1 MB'),
    structure: StructureMetrics.optional().describe('yaml and json'),
    orm: OrmMetrics.optional(),
  })
  .meta({ id: 'CommitMetrics', description: 'Computed when the commit was made; null for commits made before metrics existed.' });
export type CommitMetrics = z.infer<typeof CommitMetrics>;
