// Finds the DOCTYPE in the prolog and reads the declarations of its internal subset.
// Neither saxes nor rdfxml-streaming-parser reads entity declarations safely (saxes
// leaves the DOCTYPE alone; the RDF/XML parser copies values into its entity table with
// a regular expression and never expands them), so the subset is read here, once, and
// anything that points outside the document is refused before a parser sees it.

export type EntityDeclaration = { name: string; value: string; offset: number };
export type Doctype = { start: number; end: number; entities: EntityDeclaration[] };
export type DoctypeScan = { ok: true; doctype?: Doctype } | { ok: false; reason: string; offset: number };

const EXTERNAL = 'external entities are not allowed; the document must be self-contained';
const ENTITY_HEAD = /<!ENTITY\s+(%\s+)?([^\s%&;<>"']+)\s+/y;

const failure = (reason: string, offset: number): DoctypeScan => ({ ok: false, reason, offset });

function skipSpace(text: string, index: number): number {
  let at = index;
  while (at < text.length && ' \t\r\n'.includes(text.charAt(at))) at += 1;
  return at;
}

/** Offset just past the `>` that ends a markup declaration, stepping over quoted literals. */
function declarationEnd(text: string, index: number): number {
  for (let at = index; at < text.length; at += 1) {
    const char = text.charAt(at);
    if (char === '>') return at + 1;
    if (char === '"' || char === "'") {
      const close = text.indexOf(char, at + 1);
      if (close === -1) return -1;
      at = close;
    }
  }
  return -1;
}

function readEntity(text: string, index: number, into: EntityDeclaration[]): number | DoctypeScan {
  ENTITY_HEAD.lastIndex = index;
  const head = ENTITY_HEAD.exec(text);
  if (!head?.[2]) return failure('malformed entity declaration in the DOCTYPE', index);
  const name = head[2];
  const at = ENTITY_HEAD.lastIndex;
  const quote = text.charAt(at);
  if (text.startsWith('SYSTEM', at) || text.startsWith('PUBLIC', at)) {
    return failure(`the entity "${name}" refers to an outside resource: ${EXTERNAL}`, index);
  }
  if (quote !== '"' && quote !== "'") return failure(`malformed declaration of the entity "${name}"`, index);
  const close = text.indexOf(quote, at + 1);
  const end = close === -1 ? -1 : skipSpace(text, close + 1);
  if (end === -1 || text.charAt(end) !== '>') return failure(`unterminated declaration of the entity "${name}"`, index);
  // Parameter entities only matter where they are referenced, and references are refused.
  if (!head[1]) into.push({ name, value: text.slice(at + 1, close), offset: index });
  return end + 1;
}

function readDoctype(text: string, start: number): DoctypeScan {
  let at = declarationEnd(text, start + 2);
  const bracket = text.indexOf('[', start);
  const hasSubset = bracket !== -1 && (at === -1 || bracket < at);
  const headerEnd = hasSubset ? bracket : at - 1;
  if (headerEnd < 0) return failure('the DOCTYPE declaration is not closed', start);
  const header = text.slice(start + '<!DOCTYPE'.length, headerEnd).trim().split(/\s+/);
  if (header[1] === 'SYSTEM' || header[1] === 'PUBLIC') {
    return failure(`the DOCTYPE refers to an outside DTD: ${EXTERNAL}`, start);
  }
  if (header.length !== 1 || !header[0]) return failure('malformed DOCTYPE declaration', start);
  if (!hasSubset) return { ok: true, doctype: { start, end: at, entities: [] } };

  const entities: EntityDeclaration[] = [];
  at = bracket + 1;
  for (;;) {
    at = skipSpace(text, at);
    if (at >= text.length) return failure('the DOCTYPE declaration is not closed', start);
    if (text.charAt(at) === ']') {
      const end = skipSpace(text, at + 1);
      if (text.charAt(end) !== '>') return failure('expected ">" after the internal subset of the DOCTYPE', end);
      return { ok: true, doctype: { start, end: end + 1, entities } };
    }
    let next: number | DoctypeScan;
    if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4);
      next = close === -1 ? -1 : close + 3;
    } else if (text.startsWith('<?', at)) {
      const close = text.indexOf('?>', at + 2);
      next = close === -1 ? -1 : close + 2;
    } else if (text.startsWith('<!ENTITY', at)) {
      next = readEntity(text, at, entities);
    } else if (/^<!(ELEMENT|ATTLIST|NOTATION)\s/.test(text.slice(at, at + 11))) {
      next = declarationEnd(text, at + 2);
    } else if (text.charAt(at) === '%') {
      return failure('parameter entity references in the DOCTYPE are not supported', at);
    } else {
      return failure('unexpected text in the internal subset of the DOCTYPE', at);
    }
    if (typeof next !== 'number') return next;
    if (next === -1) return failure('unterminated declaration in the DOCTYPE', at);
    at = next;
  }
}

/** The DOCTYPE of the prolog, if any. A DOCTYPE after the root is left to saxes, which refuses it. */
export function scanDoctype(text: string): DoctypeScan {
  let at = 0;
  for (;;) {
    at = skipSpace(text, at);
    if (text.startsWith('<!DOCTYPE', at)) return readDoctype(text, at);
    const [open, close] = text.startsWith('<?', at) ? ['<?', '?>'] : text.startsWith('<!--', at) ? ['<!--', '-->'] : [];
    // Anything else (the root, or broken markup) ends the prolog; saxes reports what is wrong.
    const end = open && close ? text.indexOf(close, at + open.length) : -1;
    if (end === -1 || !close) return { ok: true };
    at = end + close.length;
  }
}

const PROLOG_OPENERS = ['<!DOCTYPE', '<!--', '<?'];

/**
 * Where the prolog of a document that starts with `text` ends: the offset of the first markup
 * that is neither a comment, a processing instruction nor the (first) DOCTYPE, normally the root's
 * "<"; undefined when `text` is too short to tell (a construct not yet closed, a DOCTYPE that does
 * not read as complete). What scanDoctype finds in `text` is then what it finds in the whole
 * document, since the DOCTYPE lies before that offset.
 */
export function prologEnd(text: string): number | undefined {
  let at = 0;
  let doctype = false;
  for (;;) {
    at = skipSpace(text, at);
    if (at >= text.length) return undefined;
    const rest = text.slice(at, at + 9);
    if (PROLOG_OPENERS.some((open) => rest.length < open.length && open.startsWith(rest))) return undefined;
    if (text.startsWith('<!DOCTYPE', at)) {
      if (doctype) return at;
      const scan = readDoctype(text, at);
      if (!scan.ok || !scan.doctype) return undefined;
      doctype = true;
      at = scan.doctype.end;
      continue;
    }
    const [open, close] = text.startsWith('<?', at) ? ['<?', '?>'] : text.startsWith('<!--', at) ? ['<!--', '-->'] : [];
    if (!open || !close) return at;
    const end = text.indexOf(close, at + open.length);
    if (end === -1) return undefined;
    at = end + close.length;
  }
}
