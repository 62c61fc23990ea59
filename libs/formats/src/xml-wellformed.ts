// The whole document must be well-formed XML before any format-specific parser runs:
// rdfxml-streaming-parser accepts the well-formed prefix of a truncated file, so only a
// strict, namespace-aware pass over everything tells a complete file from a cut-off one.
import { SaxesParser } from 'saxes';
import { positionAt, refuse, reasonOf, type Refusal } from './position.js';
import { resolvePrefixesInScope } from './xml-prefixes.js';
import type { PreparedXml } from './xml-safety.js';

export type XmlName = { uri: string; local: string };
/**
 * The root element and where its start tag begins (1-based line and column), the distinct names
 * of its direct children, by namespace URI, and the namespace prefixes the root declares
 * (prefix "" for a default namespace).
 */
export type XmlOutline = {
  ok: true;
  root: XmlName;
  rootAt: { line: number; column: number };
  children: XmlName[];
  rootNamespaces: Record<string, string>;
};

// Children are collected only to recognise formats; a cap keeps memory flat for odd files.
const MAX_CHILD_NAMES = 1000;
/**
 * Namespace declarations in scope at once. rdfxml-streaming-parser copies every declaration in
 * scope into each element it opens, so a document that declares a new prefix on each of its
 * levels costs time quadratic in its depth (20,000 levels: 7 s). Real files declare a few dozen
 * prefixes, nearly all of them on the root.
 */
export const MAX_NAMESPACES_IN_SCOPE = 256;

/** A bound of the document was passed; the message says which. */
class BoundExceeded extends Error {}

function refuseSaxesError(parser: SaxesParser<{ xmlns: true }>, error: unknown): Refusal {
  // saxes writes "12:5: message": a 1-based line and the 0-based column after the
  // character it stopped at, which is that character's 1-based column.
  const reason = reasonOf(error);
  const at = /^(\d+):(\d+): (.*)$/s.exec(reason);
  if (!at?.[3]) return refuse(reason, { line: parser.line, column: Math.max(1, parser.column) });
  return refuse(at[3], { line: Number(at[1]), column: Math.max(1, Number(at[2])) });
}

/**
 * Whether the prepared document is well-formed XML, and its outline. Elements nested more than
 * `maxDepth` levels are refused as soon as the first one too deep starts, so hostile depth costs
 * no more than the bound: the caller's bound is what the format's later readers can afford.
 */
export function checkWellFormed(prepared: PreparedXml, options: { maxDepth: number }): XmlOutline | Refusal {
  const { maxDepth } = options;
  const parser = new SaxesParser({ xmlns: true, position: true });
  resolvePrefixesInScope(parser);
  for (const [name, value] of prepared.entities) {
    // defineProperty, not assignment: an entity may be called "__proto__".
    Object.defineProperty(parser.ENTITIES, name, { value, enumerable: true, configurable: true, writable: true });
  }
  let root: XmlName | undefined;
  let rootOffset = 0;
  let rootNamespaces: Record<string, string> = {};
  const children = new Map<string, XmlName>();
  let depth = 0;
  // Namespace declarations of each open element, and their sum.
  const declared: number[] = [];
  let inScope = 0;
  let strayDoctype = false;
  // Checked when a tag starts, before saxes resolves its prefixes; throwing stops the parse.
  parser.on('opentagstart', () => {
    if (depth >= maxDepth) throw new BoundExceeded(`elements are nested more than ${maxDepth} levels deep`);
    // saxes' position is a UTF-16 offset into the one chunk written; the tag began at its "<".
    if (depth === 0 && !root) rootOffset = Math.max(0, prepared.body.lastIndexOf('<', parser.position - 1));
  });
  parser.on('opentag', (tag) => {
    const own = Object.keys(tag.ns).length;
    inScope += own;
    declared.push(own);
    if (inScope > MAX_NAMESPACES_IN_SCOPE) throw new BoundExceeded(`more than ${MAX_NAMESPACES_IN_SCOPE} namespace prefixes are declared at once`);
    const name = { uri: tag.uri, local: tag.local };
    if (depth === 0 && !root) {
      root = name;
      rootNamespaces = { ...tag.ns };
    }
    else if (depth === 1 && children.size < MAX_CHILD_NAMES) children.set(`${name.uri} ${name.local}`, name);
    depth += 1;
  });
  parser.on('closetag', () => {
    depth -= 1;
    inScope -= declared.pop() ?? 0;
  });
  // prepareXml blanks the prolog's DOCTYPE; one that saxes still sees was not vetted.
  parser.on('doctype', () => {
    strayDoctype = true;
  });
  try {
    // Without an error handler saxes throws at the first error, which is all we report.
    parser.write(prepared.body).close();
  } catch (error) {
    if (error instanceof BoundExceeded) return refuse(error.message, { line: parser.line, column: Math.max(1, parser.column) });
    return refuseSaxesError(parser, error);
  }
  if (strayDoctype) return refuse('a DOCTYPE is only allowed before the root element');
  if (!root) return refuse('the document has no root element');
  return { ok: true, root, rootAt: positionAt(prepared.body, rootOffset), children: [...children.values()], rootNamespaces };
}
