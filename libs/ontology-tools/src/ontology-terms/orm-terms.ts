// The terms of an ORM2 model (DESIGN 6.1): entity types, value types and fact types, named
// `urn:orm:` + the NORMA id as written. Subtype facts are the parents of their subtypes, not
// terms; NORMA's hidden boolean value types of unary fact types are not terms either.
import type { OrmFactType, OrmModel } from '@oms/orm';
import { fillReading, firstReading, objectTypeNames } from '../orm-reading.js';
import { XSD_STRING } from '../vocabulary.js';
import type { OrmTexts } from './orm-notes.js';
import { sortUniqueTerms, type OntologyTerm, type TermAnnotation, type TermKind } from './term.js';

export const ORM_IRI_PREFIX = 'urn:orm:';
const READING = `${ORM_IRI_PREFIX}reading`;
const REFERENCE_MODE = `${ORM_IRI_PREFIX}referenceMode`;
const DATA_TYPE = `${ORM_IRI_PREFIX}dataType`;

const literal = (property: string, value: string): TermAnnotation => ({ property, value, datatype: XSD_STRING });

function otherReadings(factType: OrmFactType, label: string | undefined, names: ReadonlyMap<string, string>): TermAnnotation[] {
  const readings = factType.readingOrders.flatMap((order) => order.readings.map((text) => fillReading(factType, order.roleIds, text, names)));
  return readings.filter((reading, index) => reading.trim() !== '' && (index > 0 || reading !== label)).map((reading) => literal(READING, reading));
}

type OrmFields = Pick<OntologyTerm, 'label' | 'definition' | 'parents' | 'annotations'>;

const ormTerm = (iri: string, kind: TermKind, fields: OrmFields): OntologyTerm => ({ iri, curie: null, kind, synonyms: [], deprecated: false, replaced_by: [], ...fields });

export function ormTerms(model: OrmModel, texts: ReadonlyMap<string, OrmTexts>, maxAnnotations: number): OntologyTerm[] {
  const names = objectTypeNames(model);
  const modelNotes = new Map<string, string>();
  for (const note of model.notes) {
    for (const id of note.referencedIds) if (!modelNotes.has(id) && note.text.trim() !== '') modelNotes.set(id, note.text.trim());
  }
  const definitionOf = (id: string) => texts.get(id)?.definition ?? texts.get(id)?.note ?? modelNotes.get(id) ?? null;
  const supertypes = new Map<string, string[]>();
  for (const fact of model.subtypeFacts) supertypes.set(fact.subtypeId, [...(supertypes.get(fact.subtypeId) ?? []), `${ORM_IRI_PREFIX}${fact.supertypeId}`]);
  const terms: OntologyTerm[] = [];
  for (const objectType of model.objectTypes) {
    if (objectType.isImplicitBoolean) continue;
    const annotations: TermAnnotation[] = [];
    if (objectType.referenceMode) annotations.push(literal(REFERENCE_MODE, objectType.referenceMode));
    if (objectType.dataType?.name) annotations.push(literal(DATA_TYPE, objectType.dataType.name));
    terms.push(
      ormTerm(`${ORM_IRI_PREFIX}${objectType.id}`, objectType.kind === 'entity' ? 'entity_type' : 'value_type', {
        label: objectType.name || null,
        definition: definitionOf(objectType.id),
        parents: [...new Set(supertypes.get(objectType.id) ?? [])],
        annotations: annotations.slice(0, maxAnnotations),
      }),
    );
  }
  for (const factType of model.factTypes) {
    const reading = firstReading(factType, names);
    const label = reading?.trim() ? reading : factType.name || null;
    terms.push(
      ormTerm(`${ORM_IRI_PREFIX}${factType.id}`, 'fact_type', {
        label,
        definition: definitionOf(factType.id),
        parents: [],
        annotations: otherReadings(factType, label ?? undefined, names).slice(0, maxAnnotations),
      }),
    );
  }
  return sortUniqueTerms(terms);
}
