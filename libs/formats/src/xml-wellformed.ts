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
 * A strict, namespace-aware saxes pass over a document written to it in pieces (`write`, then
 * `close`), with the bounds of checkWellFormed. The first error stops it: `refusal` holds it, and
 * later writes do nothing. What it holds besides saxes' own state is one entry per open element.
 */
export class WellFormedXml {
  refusal: Refusal | undefined;
  root: XmlName | undefined;
  /** Offset (UTF-16, in all that was written) just past the root's name: its "<" is before it. */
  rootPosition = 0;
  rootNamespaces: Record<string, string> = {};
  readonly children = new Map<string, XmlName>();
  /** Called when the root element has opened, with its name and the prefixes it declares. */
  onRoot: ((root: XmlName, namespaces: Record<string, string>) => void) | undefined;
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private depth = 0;
  // Namespace declarations of each open element, and their sum.
  private readonly declared: number[] = [];
  private inScope = 0;
  private strayDoctype = false;

  constructor(entities: Map<string, string>, private readonly maxDepth: number) {
    const parser = this.parser;
    resolvePrefixesInScope(parser);
    for (const [name, value] of entities) {
      // defineProperty, not assignment: an entity may be called "__proto__".
      Object.defineProperty(parser.ENTITIES, name, { value, enumerable: true, configurable: true, writable: true });
    }
    // Checked when a tag starts, before saxes resolves its prefixes; throwing stops the parse.
    parser.on('opentagstart', () => {
      if (this.depth >= this.maxDepth) throw new BoundExceeded(`elements are nested more than ${this.maxDepth} levels deep`);
      if (this.depth === 0 && !this.root) this.rootPosition = parser.position;
    });
    parser.on('opentag', (tag) => {
      const own = Object.keys(tag.ns).length;
      this.inScope += own;
      this.declared.push(own);
      if (this.inScope > MAX_NAMESPACES_IN_SCOPE) throw new BoundExceeded(`more than ${MAX_NAMESPACES_IN_SCOPE} namespace prefixes are declared at once`);
      const name = { uri: tag.uri, local: tag.local };
      if (this.depth === 0 && !this.root) {
        this.root = name;
        this.rootNamespaces = { ...tag.ns };
        this.onRoot?.(name, this.rootNamespaces);
      } else if (this.depth === 1 && this.children.size < MAX_CHILD_NAMES) this.children.set(`${name.uri} ${name.local}`, name);
      this.depth += 1;
    });
    parser.on('closetag', () => {
      this.depth -= 1;
      this.inScope -= this.declared.pop() ?? 0;
    });
    // prepareXml blanks the prolog's DOCTYPE; one that saxes still sees was not vetted.
    parser.on('doctype', () => {
      this.strayDoctype = true;
    });
  }

  private fail(error: unknown): void {
    const parser = this.parser;
    if (error instanceof BoundExceeded) this.refusal = refuse(error.message, { line: parser.line, column: Math.max(1, parser.column) });
    else this.refusal = refuseSaxesError(parser, error);
  }

  /** Reads the next piece; the refusal, once there is one. */
  write(text: string): Refusal | undefined {
    if (this.refusal) return this.refusal;
    try {
      // Without an error handler saxes throws at the first error, which is all we report.
      this.parser.write(text);
    } catch (error) {
      this.fail(error);
    }
    return this.refusal;
  }

  /** Ends the document: the refusal, or nothing when all of it was well-formed. */
  close(): Refusal | undefined {
    if (this.refusal) return this.refusal;
    try {
      this.parser.close();
    } catch (error) {
      this.fail(error);
      return this.refusal;
    }
    if (this.strayDoctype) this.refusal = refuse('a DOCTYPE is only allowed before the root element');
    else if (!this.root) this.refusal = refuse('the document has no root element');
    return this.refusal;
  }
}

/**
 * Whether the prepared document is well-formed XML, and its outline. Elements nested more than
 * `maxDepth` levels are refused as soon as the first one too deep starts, so hostile depth costs
 * no more than the bound: the caller's bound is what the format's later readers can afford.
 */
export function checkWellFormed(prepared: PreparedXml, options: { maxDepth: number }): XmlOutline | Refusal {
  const xml = new WellFormedXml(prepared.entities, options.maxDepth);
  const refusal = xml.write(prepared.body) ?? xml.close();
  if (refusal) return refusal;
  const root = xml.root as XmlName;
  // saxes' position is a UTF-16 offset into what was written; the root's tag began at its "<".
  const rootOffset = Math.max(0, prepared.body.lastIndexOf('<', xml.rootPosition - 1));
  return { ok: true, root, rootAt: positionAt(prepared.body, rootOffset), children: [...xml.children.values()], rootNamespaces: xml.rootNamespaces };
}
