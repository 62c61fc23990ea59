// A small element tree built with saxes (strict, namespace-aware). Only NORMA's own
// namespaces are kept: ActiveFacts and relational-mapping sections make up most of a big
// .orm file and are never read, so their subtrees are skipped while parsing.
import { SaxesParser } from 'saxes';
import { OrmParseError } from './errors.js';
import { KEPT_NAMESPACES } from './namespaces.js';

export type XmlElement = {
  uri: string;
  local: string;
  /** Unqualified attributes by name (NORMA writes no qualified ones that matter). */
  attrs: Map<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
  column: number;
};

export type XmlDocument = { root: XmlElement };

/** Real .orm files nest about 15 levels; the cap stops pathological input early. */
export const MAX_DEPTH = 200;

class TooDeep extends Error {}

function saxesError(error: unknown, parser: SaxesParser<{ xmlns: true; position: true }>): OrmParseError {
  const message = error instanceof Error ? error.message : String(error);
  // saxes writes "line:column: message"; the column is 0-based after the offending character.
  const at = /^(\d+):(\d+): (.*)$/s.exec(message);
  if (at?.[3]) return new OrmParseError(`the XML is not well-formed: ${at[3]}`, { line: Number(at[1]), column: Math.max(1, Number(at[2])) });
  return new OrmParseError(`the XML is not well-formed: ${message}`, { line: parser.line, column: Math.max(1, parser.column) });
}

export function parseXmlTree(xml: string): XmlDocument {
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  if (text.trim() === '') throw new OrmParseError('the document is empty: an ORM2 file starts with <ormRoot:ORM2>');
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let skipping = 0;
  let depth = 0;
  parser.on('opentagstart', () => {
    if (depth >= MAX_DEPTH) throw new TooDeep();
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    const keep = skipping === 0 && (root === undefined || KEPT_NAMESPACES.has(tag.uri));
    if (!keep) {
      skipping += 1;
      return;
    }
    const attrs = new Map<string, string>();
    for (const attribute of Object.values(tag.attributes)) if (attribute.uri === '') attrs.set(attribute.local, attribute.value);
    const element: XmlElement = { uri: tag.uri, local: tag.local, attrs, children: [], text: '', line: parser.line, column: parser.column };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    depth -= 1;
    if (skipping > 0) skipping -= 1;
    else stack.pop();
  });
  parser.on('text', (chunk) => {
    const current = stack.at(-1);
    if (current && skipping === 0) current.text += chunk;
  });
  // NORMA never writes a DOCTYPE; refusing it keeps entity expansion out of the picture.
  parser.on('doctype', () => {
    throw new OrmParseError('a DOCTYPE is not allowed in an ORM2 file', { line: parser.line, column: Math.max(1, parser.column) });
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof OrmParseError) throw error;
    if (error instanceof TooDeep) {
      throw new OrmParseError(`elements are nested more than ${MAX_DEPTH} levels deep`, { line: parser.line, column: Math.max(1, parser.column) });
    }
    throw saxesError(error, parser);
  }
  if (!root) throw new OrmParseError('the document has no root element');
  return { root };
}

export function childrenNamed(element: XmlElement | undefined, uri: string, local: string): XmlElement[] {
  return element ? element.children.filter((child) => child.uri === uri && child.local === local) : [];
}

export function childNamed(element: XmlElement | undefined, uri: string, local: string): XmlElement | undefined {
  return element?.children.find((child) => child.uri === uri && child.local === local);
}

/** The `ref` of each child, for lists such as `<PlayedRoles><Role ref=.../></PlayedRoles>`. */
export function refsOf(element: XmlElement | undefined): string[] {
  return (element?.children ?? []).map((child) => child.attrs.get('ref')).filter((ref): ref is string => ref !== undefined);
}
