// A json source read as a stream (DESIGN 8) for its metrics and terms: the shape the streaming
// check reports (json-stream-shape.ts) and, while the source is no larger than a bound, its bytes.
// A source within the bound gets exactly what the whole-text path gives, read from those bytes
// (JSON-LD triples need the parsed document); a larger one gets what the shape tells, which is all
// the whole-text path gives past its own JSON-LD bounds (docs/decisions.md "Streaming ingest of JSON").
import type { SourceObserver } from '@oms/formats';
import { JsonStreamShape } from './json-stream-shape.js';

export class JsonStreamReading {
  readonly shape = new JsonStreamShape();
  private held: Uint8Array[] | undefined = [];
  private heldBytes = 0;

  constructor(private readonly holdUpTo: number) {}

  /** Pass to validateSourceStream. */
  get observer(): SourceObserver {
    return { json: this.shape.listener };
  }

  /** The bytes as they come, the first holdUpTo of them kept. */
  async *through(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of bytes) {
      if (this.held) {
        this.heldBytes += chunk.byteLength;
        if (this.heldBytes > this.holdUpTo) this.held = undefined;
        else this.held.push(chunk);
      }
      yield chunk;
    }
  }

  /** The whole source as text, when it was no larger than the bound (the check accepted it as UTF-8). */
  text(): string | undefined {
    return this.held ? Buffer.concat(this.held).toString('utf8') : undefined;
  }

  /** The value the source holds, as the whole-text check's observer sees it (a byte order mark is not content). */
  static parse(text: string): unknown {
    return JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  }
}

/** The verdict a held text was given by the streaming check. */
export const ACCEPTED_CHECK = { ok: true } as const;
