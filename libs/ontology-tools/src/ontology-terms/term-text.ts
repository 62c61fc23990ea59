// How term text is matched (DESIGN 6.2: case and accents ignored): one normalization, applied
// to the stored columns when a commit's terms are written and to every query, so PostgreSQL and
// PGlite (which has no unaccent extension) compare the same strings.
import type { OntologyTerm } from './term.js';

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** Lower case without accents (NFKD, combining marks removed), trimmed, inner spaces collapsed. */
export function normalizeText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of normalized text: runs of letters and digits. */
export function textWords(normalized: string): string[] {
  return normalized.split(NOT_WORD).filter((word) => word.length > 0);
}

/** What follows the IRI's last `#`, `/` or `:` (`GO_0008150`, `Person`). */
export function localName(iri: string): string {
  const match = /[#/:]([^#/:]*)$/.exec(iri);
  return match?.[1] ?? iri;
}

/** The normalized columns a term is searched by. */
export type TermSearchColumns = {
  idKeys: string[];
  labelNorm: string | null;
  synonymsNorm: string[];
  nameWords: string[];
  definitionWords: string[];
  searchText: string;
};

const distinct = (values: string[]) => [...new Set(values.filter((value) => value.length > 0))];

export function termSearchColumns(term: Pick<OntologyTerm, 'iri' | 'curie' | 'label' | 'synonyms' | 'definition'>): TermSearchColumns {
  const idKeys = distinct([term.iri, term.curie ?? '', localName(term.iri)].map(normalizeText));
  const labelNorm = term.label === null ? null : normalizeText(term.label);
  const synonymsNorm = distinct(term.synonyms.map(normalizeText));
  const names = [labelNorm ?? '', ...synonymsNorm];
  const definition = term.definition === null ? '' : normalizeText(term.definition);
  return {
    idKeys,
    labelNorm,
    synonymsNorm,
    nameWords: distinct(names.flatMap(textWords)),
    definitionWords: distinct(textWords(definition)),
    searchText: [...idKeys, ...names, definition].filter((part) => part.length > 0).join('\n'),
  };
}
