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

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
const isAsciiAlnum = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

/** ASCII text already lower case, trimmed and with single inner spaces: the usual label and synonym after the first commit's. */
function isNormalAscii(text: string): boolean {
  let previous = 32;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 127 || (code >= 65 && code <= 90) || (isSpace(code) && (code !== 32 || previous === 32))) return false;
    previous = code;
  }
  return previous !== 32 || text.length === 0;
}

/** Lower case without accents (NFKD, combining marks removed), trimmed, inner spaces collapsed. */
export function normalizeText(text: string): string {
  if (isNormalAscii(text)) return text;
  const folded = isAscii(text) ? text : text.normalize('NFKD').replace(MARKS, '');
  return folded.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The words of ASCII text: runs of letters and digits, scanned without a regular expression. */
function asciiWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    const inWord = i < text.length && isAsciiAlnum(text.charCodeAt(i));
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      words.push(text.slice(start, i));
      start = -1;
    }
  }
  return words;
}

/** The words of normalized text: runs of letters and digits. */
export function textWords(normalized: string): string[] {
  return isAscii(normalized) ? asciiWords(normalized) : normalized.split(NOT_WORD).filter((word) => word.length > 0);
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
};

/** Index bounds of a term's name words (a tsvector: lexemes up to 2,047 bytes, 1 MB in all). */
export const NAME_WORD_MAX_CHARS = 500;
export const NAME_WORDS_MAX_BYTES = 900_000;

/**
 * The distinct words of the names, each cut to NAME_WORD_MAX_CHARS code points, kept in order
 * while their UTF-8 bytes stay within NAME_WORDS_MAX_BYTES (the migration applies the same rule).
 * A query word is at most as long (after the cut) as a stored one, so "a word of q starts a name
 * word" answers the same for any word of q up to that length.
 */
export function nameIndexWords(words: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const word of words) {
    const cut = word.length > NAME_WORD_MAX_CHARS ? Array.from(word).slice(0, NAME_WORD_MAX_CHARS).join('') : word;
    if (cut.length === 0 || seen.has(cut)) continue;
    bytes += Buffer.byteLength(cut, 'utf8');
    if (bytes > NAME_WORDS_MAX_BYTES) break;
    seen.add(cut);
    out.push(cut);
  }
  return out;
}

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
    nameWords: nameIndexWords(names.flatMap(textWords)),
    definitionWords: distinct(textWords(definition)),
  };
}
