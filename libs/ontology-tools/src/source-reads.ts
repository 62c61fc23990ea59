// Readings of a source that cost more than the validating parse and that both metrics and
// terms need: JSON-LD expanded to triples (about a second per megabyte in jsonld.js) and the
// ORM2 model. One SourceReads per commit, handed to both collectors, makes each happen once.
import { parseOrm, type OrmModel } from '@oms/orm';
import { jsonLdToQuads } from './json-ld.js';
import type { Quad } from './terms.js';

export class SourceReads {
  private jsonLd: { value: unknown; quads: Promise<Quad[]> } | undefined;
  private orm: { text: string; model: OrmModel | Error } | undefined;

  /** The triples of a JSON-LD value (the same object the parse produced); rejects as jsonLdToQuads does. */
  jsonLdQuads(value: unknown): Promise<Quad[]> {
    if (this.jsonLd && this.jsonLd.value === value) return this.jsonLd.quads;
    const quads = jsonLdToQuads(value);
    this.jsonLd = { value, quads };
    return quads;
  }

  /** The ORM2 model of `text`, or the reader's error for ORM2 XML beyond what it understands. */
  ormModel(text: string): OrmModel | Error {
    if (this.orm && this.orm.text === text) return this.orm.model;
    let model: OrmModel | Error;
    try {
      model = parseOrm(text);
    } catch (error) {
      model = error instanceof Error ? error : new Error(String(error));
    }
    this.orm = { text, model };
    return model;
  }
}
