// The whole document must be well-formed XML before any format-specific parser runs:
// rdfxml-streaming-parser accepts the well-formed prefix of a truncated file, so only a
// strict, namespace-aware pass over everything tells a complete file from a cut-off one.
import { SaxesParser } from 'saxes';
import { positionAt, refuse, reasonOf, type Refusal } from './position.js';
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
// saxes (and the RDF/XML parser's copy of it) resolves each prefix by walking up the open
// elements, so a document 100,000 levels deep takes minutes. Real ontologies nest a few
// dozen levels; the walk is cut off here, long before it gets expensive.
export const MAX_XML_DEPTH = 256;

class TooDeep extends Error {}

function refuseSaxesError(parser: SaxesParser<{ xmlns: true }>, error: unknown): Refusal {
  // saxes writes "12:5: message": a 1-based line and the 0-based column after the
  // character it stopped at, which is that character's 1-based column.
  const reason = reasonOf(error);
  const at = /^(\d+):(\d+): (.*)$/s.exec(reason);
  if (!at?.[3]) return refuse(reason, { line: parser.line, column: Math.max(1, parser.column) });
  return refuse(at[3], { line: Number(at[1]), column: Math.max(1, Number(at[2])) });
}

export function checkWellFormed(prepared: PreparedXml): XmlOutline | Refusal {
  const parser = new SaxesParser({ xmlns: true, position: true });
  for (const [name, value] of prepared.entities) {
    // defineProperty, not assignment: an entity may be called "__proto__".
    Object.defineProperty(parser.ENTITIES, name, { value, enumerable: true, configurable: true, writable: true });
  }
  let root: XmlName | undefined;
  let rootOffset = 0;
  let rootNamespaces: Record<string, string> = {};
  const children = new Map<string, XmlName>();
  let depth = 0;
  let strayDoctype = false;
  // Checked when a tag starts, before saxes resolves its prefixes; throwing stops the parse.
  parser.on('opentagstart', () => {
    if (depth >= MAX_XML_DEPTH) throw new TooDeep();
    // saxes' position is a UTF-16 offset into the one chunk written; the tag began at its "<".
    if (depth === 0 && !root) rootOffset = Math.max(0, prepared.body.lastIndexOf('<', parser.position - 1));
  });
  parser.on('opentag', (tag) => {
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
  });
  // prepareXml blanks the prolog's DOCTYPE; one that saxes still sees was not vetted.
  parser.on('doctype', () => {
    strayDoctype = true;
  });
  try {
    // Without an error handler saxes throws at the first error, which is all we report.
    parser.write(prepared.body).close();
  } catch (error) {
    if (error instanceof TooDeep) {
      const where = { line: parser.line, column: Math.max(1, parser.column) };
      return refuse(`elements are nested more than ${MAX_XML_DEPTH} levels deep`, where);
    }
    return refuseSaxesError(parser, error);
  }
  if (strayDoctype) return refuse('a DOCTYPE is only allowed before the root element');
  if (!root) return refuse('the document has no root element');
  return { ok: true, root, rootAt: positionAt(prepared.body, rootOffset), children: [...children.values()], rootNamespaces };
}
