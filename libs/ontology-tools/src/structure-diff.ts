// The structural diff of two YAML or JSON documents as RFC 6902 JSON Patch operations that
// turn the older document into the newer one.
import { createPatch, type Operation } from 'rfc6902';
import type { Pointer } from 'rfc6902/pointer.js';

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

export type JsonPatchSummary = { operations: number; added: number; removed: number; replaced: number; moved: number; copied: number };
export type JsonPatchDiff = { kind: 'json-patch'; summary: JsonPatchSummary; changes: JsonPatchOperation[]; truncated: boolean };

// rfc6902 aligns arrays with a quadratic edit-distance table; past this many cells a changed
// array is replaced as a whole instead, which is still a correct patch.
const MAX_ARRAY_CELLS = 4_000_000;

function boundedArrays(input: unknown, output: unknown, pointer: Pointer): Operation[] | void {
  if (Array.isArray(input) && Array.isArray(output) && (input.length + 1) * (output.length + 1) > MAX_ARRAY_CELLS) {
    return [{ op: 'replace', path: pointer.toString(), value: output }];
  }
}

function summarize(operations: readonly JsonPatchOperation[]): JsonPatchSummary {
  const count = (op: JsonPatchOperation['op']) => operations.filter((operation) => operation.op === op).length;
  return { operations: operations.length, added: count('add'), removed: count('remove'), replaced: count('replace'), moved: count('move'), copied: count('copy') };
}

/** `from` undefined: the older side is empty, and the patch adds the whole document at the root. */
export function diffStructures(from: unknown, to: unknown, options: { limit?: number } = {}): JsonPatchDiff {
  const operations: JsonPatchOperation[] =
    from === undefined ? [{ op: 'add', path: '', value: to }] : (createPatch(from, to, boundedArrays) as JsonPatchOperation[]);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  return {
    kind: 'json-patch',
    summary: summarize(operations),
    changes: operations.length > limit ? operations.slice(0, limit) : operations,
    truncated: operations.length > limit,
  };
}
