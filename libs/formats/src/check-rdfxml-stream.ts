// RDF/XML (and OWL: RDF/XML or OWL/XML) checked from its bytes as they come (DESIGN 8), with the
// verdicts of checkRdfXml. A strict UTF-8 decoder (a byte order mark dropped for parsing only);
// the prolog is held until the root element starts (at most MAX_PROLOG_CHARS), its DOCTYPE vetted
// and blanked as prepareXml does; then every piece goes to the entity-use count, to the
// well-formedness pass (WellFormedXml: depth, namespaces, the end of the document) and, with
// entities substituted, to rdfxml-streaming-parser. A well-formedness refusal outranks the RDF/XML
// parser's, as in the whole-text check, so after the parser's refusal the rest is still read by the
// well-formedness pass (and after that one's, by the entity-use count, which outranks both). What
// is held: the prolog until the root starts, one entry per open element in each parser, a
// reference or delimiter cut between pieces, and what the observer keeps.
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import { MAX_RDF_XML_DEPTH, OWL, PLACEHOLDER_BASE, refuseRdfError } from './check-rdfxml.js';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, positionAt, reasonOf, refuse, type Refusal, type SourceCheck } from './position.js';
import { resolvePrefixesInScope } from './xml-prefixes.js';
import { prologEnd, scanDoctype } from './xml-doctype.js';
import { EntitySubstitution, EntityUseCounter } from './xml-entity-stream.js';
import { expandEntities, expansionLimit } from './xml-safety.js';
import { WellFormedXml } from './xml-wellformed.js';

/**
 * The most characters held before the root element starts: the XML declaration, comments and the
 * DOCTYPE with its entity declarations (real files: a few kilobytes). A longer prolog is refused.
 */
export const MAX_PROLOG_CHARS = 1024 * 1024;

function countLF(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines;
}

/** rdfxml-streaming-parser fed piece by piece through its stream interface; its first refusal is kept. */
class RdfXmlFeed {
  refusal: Refusal | undefined;
  private readonly parser = new RdfXmlParser({ baseIRI: PLACEHOLDER_BASE, trackPosition: true });
  private readonly ended: Promise<SourceCheck>;

  constructor(observer: SourceObserver) {
    const parser = this.parser;
    // Its own saxes resolves prefixes by walking the open elements too (see xml-prefixes.ts).
    resolvePrefixesInScope((parser as unknown as { saxParser?: unknown }).saxParser);
    const onQuad = observer.quad;
    // Quads go to the observer or are dropped: the stream only ends once its output has been consumed.
    parser.on('data', onQuad ? (quad: Parameters<typeof onQuad>[0]) => { if (!this.refusal) onQuad(quad); } : () => undefined);
    this.ended = new Promise((resolve) => {
      parser.on('error', (error: unknown) => {
        const refusal = this.refusal ?? refuseRdfError(error);
        this.refusal = refusal;
        resolve(refusal);
      });
      parser.on('end', () => resolve(this.refusal ?? ACCEPTED));
      parser.on('close', () => resolve(this.refusal ?? refuse('the RDF/XML parser stopped before the end of the document')));
    });
  }

  write(text: string): void {
    if (this.refusal || text.length === 0 || this.parser.destroyed) return;
    try {
      this.parser.write(text);
    } catch (error) {
      this.refusal ??= refuseRdfError(error);
    }
  }

  end(): Promise<SourceCheck> {
    if (this.refusal) return Promise.resolve(this.refusal);
    this.parser.end();
    return this.ended;
  }
}

/** The body's readers, from the end of the prolog on. */
type Body = {
  xml: WellFormedXml;
  /** Absent without declared entities: nothing to count or substitute. */
  uses?: EntityUseCounter;
  substitution?: EntitySubstitution;
  /** Dropped once the root shows an OWL/XML document, which is not RDF/XML. */
  rdf?: RdfXmlFeed;
  owlXml: boolean;
};

/**
 * Checks an RDF/XML document (with `owlXml`, or an OWL/XML one) given as UTF-8 bytes; the same
 * verdicts as checkRdfXml over the decoded text, with these differences of bounds: a prolog longer
 * than MAX_PROLOG_CHARS is refused, and entity expansion is bounded by the length read so far
 * (docs/decisions.md "Streaming ingest").
 */
export async function checkRdfXmlStream(bytes: AsyncIterable<Uint8Array>, options: { owlXml: boolean }, observer: SourceObserver = {}): Promise<SourceCheck> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let final: Refusal | undefined;
  let body: Body | undefined;
  let prolog = '';
  let scannedAt = 0;
  let prologTooLong = false;
  let charsRead = 0;
  let linesBefore = 0;
  let visible = false;

  const begin = (text: string) => {
    const scan = scanDoctype(text);
    if (!scan.ok) {
      final = refuse(scan.reason, positionAt(text, scan.offset));
      return;
    }
    let entities = new Map<string, string>();
    let blanked = text;
    let uses: EntityUseCounter | undefined;
    const doctype = scan.doctype;
    if (doctype) {
      const expanded = expandEntities(doctype.entities, expansionLimit(text.length));
      if (!(expanded instanceof Map)) {
        final = refuse(expanded.reason, positionAt(text, expanded.offset));
        return;
      }
      entities = expanded;
      blanked = text.slice(0, doctype.start) + text.slice(doctype.start, doctype.end).replace(/[^\r\n]/g, ' ') + text.slice(doctype.end);
      if (entities.size > 0) {
        uses = new EntityUseCounter(entities, positionAt(text, doctype.end));
        const over = uses.push(text.slice(doctype.end), charsRead);
        if (over) {
          final = over;
          return;
        }
      }
    }
    const opened: Body = { xml: new WellFormedXml(entities, MAX_RDF_XML_DEPTH), owlXml: false, rdf: new RdfXmlFeed(observer) };
    if (uses) opened.uses = uses;
    if (entities.size > 0) opened.substitution = new EntitySubstitution(entities);
    opened.xml.onRoot = (root, namespaces) => {
      if (options.owlXml && root.uri === OWL && root.local === 'Ontology') {
        opened.owlXml = true;
        delete opened.rdf;
        return;
      }
      for (const [prefix, iri] of Object.entries(namespaces)) observer.prefix?.(prefix, iri);
    };
    body = opened;
    read(blanked, false);
  };

  // One piece of the body (the blanked prolog first); `counted`: the entity-use count has it already.
  const read = (text: string, count = true) => {
    if (!body || final) return;
    if (count && body.uses) {
      const over = body.uses.push(text, charsRead);
      if (over) {
        final = over;
        return;
      }
    }
    if (body.xml.refusal) return;
    // The well-formedness pass first: it stops hostile depth before the RDF/XML parser goes there.
    if (body.xml.write(text)) return;
    if (body.rdf && !body.rdf.refusal) body.rdf.write(body.substitution ? body.substitution.push(text) : text);
  };

  const give = (text: string) => {
    if (text.length === 0 || final) return;
    charsRead += text.length;
    if (!visible && /[^\s]/.test(text)) visible = true;
    if (body) {
      read(text);
      linesBefore += countLF(text);
      return;
    }
    linesBefore += countLF(text);
    if (prologTooLong) {
      // Only white space so far: an empty document is refused as such at the end.
      if (visible) final = refuse(`the document holds more than ${MAX_PROLOG_CHARS} characters before its root element`);
      return;
    }
    prolog += text;
    // Looked at again once it has grown by a quarter, so tiny pieces do not make it quadratic.
    if (prolog.length < MAX_PROLOG_CHARS && prolog.length < scannedAt + Math.max(256, scannedAt / 4)) return;
    scannedAt = prolog.length;
    if (prologEnd(prolog) !== undefined) {
      const text = prolog;
      prolog = '';
      begin(text);
    } else if (prolog.length >= MAX_PROLOG_CHARS) {
      const scan = scanDoctype(prolog);
      if (!scan.ok) final = refuse(scan.reason, positionAt(prolog, scan.offset));
      else if (visible) final = refuse(`the document holds more than ${MAX_PROLOG_CHARS} characters before its root element`);
      else prologTooLong = true;
      prolog = '';
    }
  };

  try {
    for await (const chunk of bytes) {
      give(decoder.decode(chunk, { stream: true }));
      // Nothing outranks the entity-use count; without it, a refusal of the well-formedness pass is final.
      if (final || (body?.xml.refusal && !body.uses)) break;
      // The parsers call back synchronously; a turn of the event loop between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (!final && !(body?.xml.refusal && !body.uses)) give(decoder.decode());
  } catch (error) {
    if (error instanceof TypeError && !final) return refuse('the document is not UTF-8 text', { line: linesBefore + 1 });
    if (!final) return refuse(`the document could not be checked: ${reasonOf(error)}`);
  }
  if (final) return final;
  if (!visible) return refuse('the document is empty');
  if (!body) {
    const text = prolog;
    prolog = '';
    begin(text);
  }
  if (final) return final;
  if (!body) return refuse('the document could not be checked');
  const opened: Body = body;
  if (opened.uses) {
    const over = opened.uses.push('', charsRead, true);
    if (over) return over;
  }
  const malformed = opened.xml.close();
  if (malformed) return malformed;
  if (opened.owlXml) return { ok: true, syntax: 'owl-xml' };
  if (!opened.rdf) return refuse('the document could not be checked');
  if (opened.substitution) opened.rdf.write(opened.substitution.end());
  return opened.rdf.end();
}
