// The terms of an RDF graph (DESIGN 6.1) from the compact statements of its named subjects.
import { CurieMaker } from './curie.js';
import { IRI_FORM, type RdfStatements, type ValueForm } from './rdf-statements.js';
import { distinctValues, type OntologyTerm, type TermAnnotation, type TermKind } from './term.js';
import { Role, isVocabulary, parentRoleOf, termKindOf } from './term-vocabulary.js';

type Statement = { role: Role; predicate: string; value: string; form: number };

const isPreferredLanguage = (form: ValueForm): boolean => {
  if (form.kind !== 'literal' || !form.language) return true;
  const language = form.language.toLowerCase();
  return language === 'en' || language.startsWith('en-');
};

/**
 * The first statement of the first role in `roles` that has any literal: English or untagged
 * before other languages, then document order.
 */
function choose(statements: readonly Statement[], roles: readonly Role[], forms: readonly ValueForm[]): Statement | undefined {
  for (const role of roles) {
    let fallback: Statement | undefined;
    for (const statement of statements) {
      if (statement.role !== role || statement.form === IRI_FORM) continue;
      if (isPreferredLanguage(forms[statement.form] ?? { kind: 'iri' })) return statement;
      fallback ??= statement;
    }
    if (fallback) return fallback;
  }
  return undefined;
}

const LABEL_ROLES: readonly Role[] = [Role.PrefLabel, Role.RdfsLabel];
const DEFINITION_ROLES: readonly Role[] = [Role.DefinitionIao, Role.DefinitionSkos, Role.DefinitionComment];
const NAME_ROLES = new Set<Role>([Role.PrefLabel, Role.RdfsLabel, Role.Synonym]);

const isTrue = (value: string): boolean => {
  const text = value.trim().toLowerCase();
  return text === 'true' || text === '1';
};

function annotationOf(statement: Statement, forms: readonly ValueForm[]): TermAnnotation {
  const form = forms[statement.form] ?? { kind: 'iri' };
  if (form.kind === 'iri') return { property: statement.predicate, value: statement.value };
  return form.language
    ? { property: statement.predicate, value: statement.value, language: form.language }
    : { property: statement.predicate, value: statement.value, datatype: form.datatype ?? '' };
}

/** Is the statement shown by a field of the term (and so not an annotation)? */
function inField(statement: Statement, parentRole: Role | undefined, definition: Statement | undefined): boolean {
  const iri = statement.form === IRI_FORM;
  switch (statement.role) {
    case Role.Type:
    case Role.Deprecated:
      return true;
    case Role.PrefLabel:
    case Role.RdfsLabel:
    case Role.Synonym:
      return !iri;
    case Role.ReplacedBy:
      return iri;
    case Role.DefinitionIao:
    case Role.DefinitionSkos:
    case Role.DefinitionComment:
      return statement === definition;
    default:
      return iri && statement.role === parentRole;
  }
}

function termOf(iri: string, kind: TermKind, statements: readonly Statement[], forms: readonly ValueForm[], maxAnnotations: number): OntologyTerm {
  const literals = (role: Role) => statements.filter((statement) => statement.role === role && statement.form !== IRI_FORM);
  const iris = (test: (statement: Statement) => boolean) =>
    distinctValues(statements.filter((statement) => statement.form === IRI_FORM && test(statement)).map((statement) => statement.value), iri);
  const label = choose(statements, LABEL_ROLES, forms)?.value ?? null;
  const definition = choose(statements, DEFINITION_ROLES, forms);
  const parentRole = parentRoleOf(kind);
  const parents =
    kind === 'individual'
      ? iris((statement) => statement.role === Role.Type && !isVocabulary(statement.value))
      : iris((statement) => parentRole !== undefined && statement.role === parentRole);
  const annotations: TermAnnotation[] = [];
  // A graph is a set: a statement written twice is one annotation.
  const seen = new Set<string>();
  for (const statement of statements) {
    if (annotations.length >= maxAnnotations) break;
    const key = `${statement.predicate} ${statement.form} ${statement.value}`;
    if (!inField(statement, parentRole, definition) && !seen.has(key)) annotations.push(annotationOf(statement, forms));
    seen.add(key);
  }
  return {
    iri,
    curie: null,
    kind,
    label,
    synonyms: distinctValues(
      statements.filter((statement) => NAME_ROLES.has(statement.role) && statement.form !== IRI_FORM).map((statement) => statement.value),
      label,
    ),
    definition: definition?.value ?? null,
    deprecated: literals(Role.Deprecated).some((statement) => isTrue(statement.value)),
    replaced_by: iris((statement) => statement.role === Role.ReplacedBy),
    parents,
    annotations,
  };
}

/** Every term of the graph in IRI order, one at a time; the statements are consumed. */
export function* rdfTermStream(graph: RdfStatements, maxAnnotations: number): Generator<OntologyTerm> {
  const curies = new CurieMaker(graph.prefixes);
  for (const [iri, packed] of graph.drain()) {
    const types: string[] = [];
    const statements = packed.map(({ predicateId, form, value }): Statement => {
      const role = graph.roles[predicateId] ?? Role.Other;
      if (role === Role.Type && form === IRI_FORM) types.push(value);
      return { role, predicate: graph.predicates[predicateId] ?? '', value, form };
    });
    const kind = termKindOf(types);
    if (!kind) continue;
    const term = termOf(iri, kind, statements, graph.forms, maxAnnotations);
    term.curie = curies.curie(iri);
    yield term;
  }
}
