// Turtle goes through N3.js with the streaming callback: quads are counted and dropped,
// so a 3 MB vocabulary is checked without holding a graph (or a quad array) in memory.
import { Parser, type Quad } from 'n3';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, reasonOf, refuse, type SourceCheck } from './position.js';

type N3Error = Error & { context?: { line?: number } };

// Relative IRIs resolve against the same reserved base as in RDF/XML, so observers see the same
// IRIs whichever syntax a graph was written in.
const PLACEHOLDER_BASE = 'http://base.invalid/document';

function refuseN3Error(error: N3Error): SourceCheck {
  const line = error.context?.line;
  // N3 ends every message with " on line 13."; the line goes in front like every other format.
  const sentence = error.message.replace(/\s*on line \d+\.?$/, '');
  return refuse(sentence, typeof line === 'number' ? { line } : undefined);
}

export function checkTurtle(text: string, observer: SourceObserver = {}): Promise<SourceCheck> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (check: SourceCheck) => {
      if (settled) return;
      settled = true;
      resolve(check);
    };
    try {
      // N3 calls back once per quad, then once with neither quad nor error at the end.
      const onPrefix = observer.prefix ? (prefix: string, iri: { value: string }) => observer.prefix?.(prefix, iri.value) : undefined;
      new Parser({ format: 'text/turtle', baseIRI: PLACEHOLDER_BASE }).parse(
        text,
        (error: N3Error | null | undefined, quad: Quad | null | undefined) => {
          if (error) settle(refuseN3Error(error));
          else if (!quad) settle(ACCEPTED);
          else if (!settled) observer.quad?.(quad);
        },
        onPrefix,
      );
    } catch (error) {
      settle(refuse(reasonOf(error)));
    }
  });
}
