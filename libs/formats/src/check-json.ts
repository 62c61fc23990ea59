// JSON.parse is exact but says only "at position 176"; people need a line and column.
// The nesting bound runs first so that hostile depth is refused in linear time with a
// clear message instead of depending on how deep the engine's parser can go.
import { locateJsonError } from './json-syntax.js';
import type { SourceObserver } from './observer.js';
import { ACCEPTED, positionAt, reasonOf, refuse, type SourceCheck } from './position.js';

/**
 * Real JSON and JSON-LD nest about ten levels (JSON-LD writes lists as flat @list arrays).
 * jsonld.js expands recursively and ran out of stack near 1,000 levels when metrics read the
 * triples of a JSON-LD source, so the bound keeps it at half of that.
 */
export const MAX_JSON_DEPTH = 500;

/** What a document nested past `limit` levels is refused with (the whole-text and the streamed check alike). */
export const tooDeepMessage = (limit: number): string => `the JSON is nested more than ${limit} levels deep`;

/** Offset of the first bracket that opens a level deeper than `limit`, outside strings. */
export function jsonDepthExceeded(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // a backslash escapes the next character, even a quote
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return index;
    } else if ((code === 0x5d || code === 0x7d) && depth > 0) {
      depth -= 1;
    }
  }
  return undefined;
}

export function checkJson(text: string, observer: SourceObserver = {}): SourceCheck {
  const tooDeep = jsonDepthExceeded(text, MAX_JSON_DEPTH);
  if (tooDeep !== undefined) {
    return refuse(tooDeepMessage(MAX_JSON_DEPTH), positionAt(text, tooDeep));
  }
  try {
    const value: unknown = JSON.parse(text);
    observer.value?.(value);
    return ACCEPTED;
  } catch (error) {
    const reason = reasonOf(error);
    // Only the engine's own words come before a double quote; after it V8 may quote the input.
    const at = /^([^"]*?) in JSON at position (\d+)/.exec(reason);
    const offset = at ? Number(at[2]) : (locateJsonError(text) ?? text.length);
    const sentence = at?.[1] ?? reason.replace(/, ".*$/s, '').replace(/ JSON input$/, ' input');
    return refuse(sentence, positionAt(text, offset));
  }
}
