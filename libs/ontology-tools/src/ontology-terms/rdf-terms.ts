// The terms of an RDF graph (DESIGN 6.1) from the compact statements of its named subjects,
// one pass over each subject's statements.
import { CurieMaker } from './curie.js';
import { IRI_FORM, type RdfStatements, type SubjectStatements, type ValueForm } from './rdf-statements.js';
import { distinctValues, type OntologyTerm, type TermAnnotation, type TermKind } from './term.js';
import { Role, isVocabulary, parentRoleOf, termKindOf } from './term-vocabulary.js';

const NONE = -1;

/** English (en, en-GB, ...) or untagged, for each value form. */
const preferredForms = (forms: readonly ValueForm[]): boolean[] =>
  forms.map((form) => {
    if (form.kind !== 'literal' || !form.language) return true;
    const language = form.language.toLowerCase();
    return language === 'en' || language.startsWith('en-');
  });

/**
 * Per role, the statement that role offers as label or definition: the first in an English
 * or untagged language, else the first in any language.
 */
class Choice {
  private readonly preferred = new Map<Role, number>();
  private readonly first = new Map<Role, number>();

  offer(role: Role, index: number, preferredLanguage: boolean): void {
    if (!this.first.has(role)) this.first.set(role, index);
    if (preferredLanguage && !this.preferred.has(role)) this.preferred.set(role, index);
  }

  /** The statement of the first role in `roles` that offered one. */
  pick(roles: readonly Role[]): number {
    for (const role of roles) {
      const index = this.preferred.get(role) ?? this.first.get(role);
      if (index !== undefined) return index;
    }
    return NONE;
  }
}

const LABEL_ROLES: readonly Role[] = [Role.PrefLabel, Role.RdfsLabel];
const DEFINITION_ROLES: readonly Role[] = [Role.DefinitionIao, Role.DefinitionSkos, Role.DefinitionComment];
const isDefinitionRole = (role: Role): boolean => role === Role.DefinitionIao || role === Role.DefinitionSkos || role === Role.DefinitionComment;

const isTrue = (value: string): boolean => {
  const text = value.trim().toLowerCase();
  return text === 'true' || text === '1';
};

type Context = { graph: RdfStatements; preferred: boolean[]; maxAnnotations: number };

function annotationOf(graph: RdfStatements, statements: SubjectStatements, index: number): TermAnnotation {
  const property = graph.predicates[statements.predicateIds[index] ?? 0] ?? '';
  const value = statements.values[index] ?? '';
  const form = graph.forms[statements.forms[index] ?? IRI_FORM] ?? { kind: 'iri' };
  if (form.kind === 'iri') return { property, value };
  return form.language ? { property, value, language: form.language } : { property, value, datatype: form.datatype ?? '' };
}

function termOf(iri: string, kind: TermKind, statements: SubjectStatements, context: Context): OntologyTerm {
  const { graph, preferred } = context;
  const parentRole = parentRoleOf(kind);
  const choice = new Choice();
  const names: string[] = [];
  const replacedBy: string[] = [];
  const parents: string[] = [];
  // Statements no field shows, and definitions until one is chosen: the annotations.
  const others: number[] = [];
  let deprecated = false;
  for (let index = 0; index < statements.count; index += 1) {
    const role = graph.roles[statements.predicateIds[index] ?? 0] ?? Role.Other;
    const form = statements.forms[index] ?? IRI_FORM;
    const value = statements.values[index] ?? '';
    const named = form === IRI_FORM;
    if (role === Role.Type) {
      if (kind === 'individual' && named && !isVocabulary(value)) parents.push(value);
    } else if (role === Role.Deprecated) {
      deprecated ||= !named && isTrue(value);
    } else if (!named && (role === Role.PrefLabel || role === Role.RdfsLabel || role === Role.Synonym)) {
      names.push(value);
      if (role !== Role.Synonym) choice.offer(role, index, preferred[form] ?? false);
    } else if (named && role === Role.ReplacedBy) {
      replacedBy.push(value);
    } else if (named && role === parentRole) {
      parents.push(value);
    } else {
      if (!named && isDefinitionRole(role)) choice.offer(role, index, preferred[form] ?? false);
      others.push(index);
    }
  }
  const labelIndex = choice.pick(LABEL_ROLES);
  const label = labelIndex === NONE ? null : (statements.values[labelIndex] ?? null);
  const definitionIndex = choice.pick(DEFINITION_ROLES);
  const annotations: TermAnnotation[] = [];
  // A graph is a set: a statement written twice is one annotation.
  const seen = new Set<string>();
  for (const index of others) {
    if (annotations.length >= context.maxAnnotations) break;
    const key = `${statements.predicateIds[index]} ${statements.forms[index]} ${statements.values[index]}`;
    if (index !== definitionIndex && !seen.has(key)) annotations.push(annotationOf(graph, statements, index));
    seen.add(key);
  }
  return {
    iri,
    curie: null,
    kind,
    label,
    synonyms: distinctValues(names, label),
    definition: definitionIndex === NONE ? null : (statements.values[definitionIndex] ?? null),
    deprecated,
    replaced_by: distinctValues(replacedBy, iri),
    parents: distinctValues(parents, iri),
    annotations,
  };
}

/** Every term of the graph in IRI order, one at a time; the statements are consumed. */
export function* rdfTermStream(graph: RdfStatements, maxAnnotations: number): Generator<OntologyTerm> {
  const curies = new CurieMaker(graph.prefixes);
  const context: Context = { graph, preferred: [], maxAnnotations };
  const types: string[] = [];
  for (const [iri, statements] of graph.drain()) {
    // Literal forms are numbered as the parse meets them; all are known by now.
    if (context.preferred.length !== graph.forms.length) context.preferred = preferredForms(graph.forms);
    types.length = 0;
    for (let index = 0; index < statements.count; index += 1) {
      if (graph.roles[statements.predicateIds[index] ?? 0] === Role.Type && statements.forms[index] === IRI_FORM) types.push(statements.values[index] ?? '');
    }
    const kind = termKindOf(types);
    if (!kind) continue;
    const term = termOf(iri, kind, statements, context);
    term.curie = curies.curie(iri);
    yield term;
  }
}
