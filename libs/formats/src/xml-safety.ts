// Internal entities are expanded here, with bounds, because real OWL files (wine.owl,
// prov-o.owl) declare namespace IRIs as entities and must be accepted. The bounds are
// what make "billion laughs" harmless: lengths are computed as numbers before any string
// is built, so a document that would expand to gigabytes is refused in microseconds.
import { scanDoctype, type EntityDeclaration } from './xml-doctype.js';
import { positionAt, refuse, type Refusal } from './position.js';

/** How many entities may sit inside one another; real files use one level, attacks ten. */
export const MAX_ENTITY_NESTING = 4;
const PREDEFINED = new Map([['lt', '<'], ['gt', '>'], ['amp', '&'], ['apos', "'"], ['quot', '"']]);
const PART = /&#x([0-9a-fA-F]+);|&#([0-9]+);|&([^\s&;<>"'%#]+);|[&%<]/g;
const REFERENCE = /&([^\s&;<>"'%#]+);/g;

export type PreparedXml = { ok: true; body: string; entities: Map<string, string> };

/** The most characters entity expansion may add to a document of this length. */
export function expansionLimit(length: number): number {
  return Math.min(20_000_000, Math.max(1_000_000, 10 * length));
}

/**
 * The same bound for a document read as a stream, where expanded text is passed on piece by piece
 * and never held whole: only the ratio stays (ten characters added per character read, at least
 * 1,000,000), without the 20,000,000 cap that protects the whole-text check's memory. A large
 * Protégé file that writes every IRI as `&obo;…` adds a few characters per reference and stays
 * well inside the ratio; nested declarations are still bounded by expandEntities.
 */
export function streamedExpansionLimit(charsRead: number): number {
  return Math.max(1_000_000, 10 * charsRead);
}

type Part = string | { entity: string };
type Failure = { reason: string; offset: number };

function partsOf(declaration: EntityDeclaration): Part[] | Failure {
  const parts: Part[] = [];
  let last = 0;
  for (const match of declaration.value.matchAll(PART)) {
    parts.push(declaration.value.slice(last, match.index));
    last = match.index + match[0].length;
    const [whole, hex, decimal, entity] = match;
    const code = hex ? parseInt(hex, 16) : decimal ? parseInt(decimal, 10) : undefined;
    if (code !== undefined && code >= 1 && code <= 0x10ffff) parts.push(String.fromCodePoint(code));
    else if (entity) parts.push(PREDEFINED.get(entity) ?? { entity });
    else {
      const what = whole === '<' ? 'markup' : whole === '%' ? 'a parameter entity' : 'a broken reference';
      return { reason: `the entity "${declaration.name}" contains ${what}, which is not supported`, offset: declaration.offset };
    }
  }
  parts.push(declaration.value.slice(last));
  return parts;
}

/** Every declared entity fully expanded, or why the declarations are refused. */
export function expandEntities(declarations: EntityDeclaration[], limit: number): Map<string, string> | Failure {
  const parsed = new Map<string, { declaration: EntityDeclaration; parts: Part[] }>();
  for (const declaration of declarations) {
    // XML: the first declaration of a name binds; the predefined five cannot be changed here.
    if (parsed.has(declaration.name) || PREDEFINED.has(declaration.name)) continue;
    const parts = partsOf(declaration);
    if (!Array.isArray(parts)) return parts;
    parsed.set(declaration.name, { declaration, parts });
  }

  // Length and nesting depth of each expansion, memoised so shared entities are measured once.
  const sizes = new Map<string, { length: number; depth: number }>();
  let total = 0;
  const measure = (name: string, chain: string[]): { length: number; depth: number } | Failure => {
    const known = sizes.get(name);
    if (known) return known;
    const entry = parsed.get(name);
    const offset = parsed.get(chain[0] ?? name)?.declaration.offset ?? 0;
    if (!entry) return { reason: `the entity "${chain.at(-1)}" refers to the undeclared entity "${name}"`, offset };
    if (chain.includes(name)) return { reason: `the entity "${name}" refers back to itself`, offset };
    const tooDeep = `the entity "${chain[0] ?? name}" nests entities more than ${MAX_ENTITY_NESTING} levels deep`;
    if (chain.length >= MAX_ENTITY_NESTING) return { reason: tooDeep, offset };
    let length = 0;
    let depth = 1;
    for (const part of entry.parts) {
      if (typeof part === 'string') {
        length += part.length;
        continue;
      }
      const inner = measure(part.entity, [...chain, name]);
      if ('reason' in inner) return inner;
      length += inner.length;
      depth = Math.max(depth, inner.depth + 1);
      if (depth > MAX_ENTITY_NESTING) return { reason: tooDeep, offset };
      if (length > limit) return { reason: `the entity "${name}" expands to more than ${limit} characters`, offset };
    }
    const size = { length, depth };
    sizes.set(name, size);
    total += length;
    if (total > limit) return { reason: `the entities expand to more than ${limit} characters in all`, offset };
    return size;
  };
  for (const name of parsed.keys()) {
    const size = measure(name, []);
    if ('reason' in size) return size;
  }

  // Every length is bounded now, so building the strings is safe.
  const values = new Map<string, string>();
  const build = (name: string): string => {
    const known = values.get(name);
    if (known !== undefined) return known;
    const parts = parsed.get(name)?.parts ?? [];
    const value = parts.map((part) => (typeof part === 'string' ? part : build(part.entity))).join('');
    values.set(name, value);
    return value;
  };
  for (const name of parsed.keys()) build(name);
  return values;
}

/**
 * The document with its DOCTYPE blanked out (line breaks kept, so every position a parser
 * reports is still right) and its entities expanded, or a refusal for unsafe declarations.
 */
export function prepareXml(text: string): PreparedXml | Refusal {
  const scan = scanDoctype(text);
  if (!scan.ok) return refuse(scan.reason, positionAt(text, scan.offset));
  const doctype = scan.doctype;
  if (!doctype) return { ok: true, body: text, entities: new Map() };
  const limit = expansionLimit(text.length);
  const entities = expandEntities(doctype.entities, limit);
  if (!(entities instanceof Map)) return refuse(entities.reason, positionAt(text, entities.offset));

  // Uses are counted too: a small entity referenced a million times is a bomb as well.
  let used = 0;
  for (const match of text.slice(doctype.end).matchAll(REFERENCE)) {
    used += entities.get(match[1] ?? '')?.length ?? 0;
    if (used > limit) {
      return refuse(`entity references expand to more than ${limit} characters`, positionAt(text, doctype.end + match.index));
    }
  }
  const blank = text.slice(doctype.start, doctype.end).replace(/[^\r\n]/g, ' ');
  return { ok: true, body: text.slice(0, doctype.start) + blank + text.slice(doctype.end), entities };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' };

/**
 * The body with each declared entity reference replaced by its escaped value, for parsers
 * whose entity table cannot be set (rdfxml-streaming-parser). Comments, CDATA sections and
 * processing instructions are copied as they are, since `&` means nothing inside them.
 */
export function substituteEntities(body: string, entities: Map<string, string>): string {
  if (entities.size === 0) return body;
  return body.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|&([^\s&;<>"'%#]+);/g, (whole, name?: string) => {
    const value = name === undefined ? undefined : entities.get(name);
    return value === undefined ? whole : escapeEntityValue(value);
  });
}

/** An entity's value as markup that reads as that value (in text and in attribute values alike). */
export function escapeEntityValue(value: string): string {
  return value.replace(/[&<>"'\n\r\t]/g, (char) => ESCAPES[char] ?? char);
}
