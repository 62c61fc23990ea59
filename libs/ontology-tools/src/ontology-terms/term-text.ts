// How term text is matched (DESIGN 6.2: case and accents ignored): one normalization, applied
// to the stored columns when a commit's terms are written and to every query, so PostgreSQL and
// PGlite (which has no unaccent extension) compare the same strings.
import type { OntologyTerm } from './term.js';

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
// ASCII is its own NFKD form and has no marks; its lower-case letters and digits are its words.
// Most term text is ASCII: these fast paths give the same answers (term-text.spec.ts).
const NON_ASCII = /[^\p{ASCII}]/u;
const isAscii = (text: string) => !NON_ASCII.test(text);
const NOT_ASCII_WORD = /[^A-Za-z0-9]+/;

/** Lower case without accents (NFKD, combining marks removed), trimmed, inner spaces collapsed. */
export function normalizeText(text: string): string {
  const folded = isAscii(text) ? text : text.normalize('NFKD').replace(MARKS, '');
  return folded.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of normalized text: runs of letters and digits. */
export function textWords(normalized: string): string[] {
  return normalized.split(isAscii(normalized) ? NOT_ASCII_WORD : NOT_WORD).filter((word) => word.length > 0);
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
  const shortKeys = distinct([term.curie ?? '', localName(term.iri)].map(normalizeText));
  const idKeys = distinct([normalizeText(term.iri), ...shortKeys]);
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
    // Names only (the trigram index is the costliest part of a commit's terms): full IRIs are
    // found through idKeys and definitions through definitionWords.
    searchText: [...shortKeys, ...names].filter((part) => part.length > 0).join('\n'),
  };
}
