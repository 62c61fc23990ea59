// The structural diff of two YAML or JSON documents as RFC 6902 JSON Patch operations that
// turn the older document into the newer one.
//
// Array items are numbered once by their content (value-identity.ts), so asking whether two
// items are equal is one lookup. Arrays are aligned on those numbers, and the diff walks into a
// pair of items only where the alignment replaces one by the other: each part of the older
// document is walked into at most once and numbered at most once. (rfc6902's createPatch, used
// before, diffed every pair of items in full just to test them for equality and again to patch
// them, which doubled the work at each level of nested arrays: 22 levels took a minute.)
import { alignArrays, alignmentCells } from './array-alignment.js';
import { createValueIdentity, ownDefinedKeys } from './value-identity.js';

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

export type JsonPatchSummary = { operations: number; added: number; removed: number; replaced: number; moved: number; copied: number };
export type JsonPatchDiff = { kind: 'json-patch'; summary: JsonPatchSummary; changes: JsonPatchOperation[]; truncated: boolean };

// Aligning two arrays takes a table of (items + 1) x (items + 1) cells once their common head
// and tail are set aside. Past these bounds, for one array or for the whole document, a changed
// array is replaced as a whole instead, which is still a correct patch.
export const MAX_ARRAY_CELLS = 4_000_000;
export const MAX_DOCUMENT_CELLS = 32_000_000;

export type StructurePatch = {
  operations: JsonPatchOperation[];
  /** Values numbered, pairs compared and alignment cells filled: what the diff cost. */
  work: number;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (path: string, token: string | number) => `${path}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;

export function createStructurePatch(from: unknown, to: unknown): StructurePatch {
  const identity = createValueIdentity();
  const operations: JsonPatchOperation[] = [];
  let pairs = 0;
  let cellsLeft = MAX_DOCUMENT_CELLS;

  function diffValues(older: unknown, newer: unknown, path: string): void {
    pairs += 1;
    // Object.is: NaN (YAML's .nan) equals itself; === lets -0 equal 0, as JSON does.
    if (older === newer || Object.is(older, newer)) return;
    // Members of objects are compared in place; only array items need numbering, for alignment.
    if (Array.isArray(older) && Array.isArray(newer)) diffArrays(older, newer, path);
    else if (isRecord(older) && isRecord(newer)) diffObjects(older, newer, path);
    else operations.push({ op: 'replace', path, value: newer });
  }

  // Removals, then additions, then changed members, each in document order, as rfc6902 lists them.
  function diffObjects(older: Record<string, unknown>, newer: Record<string, unknown>, path: string): void {
    const olderKeys = ownDefinedKeys(older);
    const newerKeys = new Set(ownDefinedKeys(newer));
    const kept = olderKeys.filter((key) => newerKeys.has(key));
    for (const key of olderKeys) if (!newerKeys.has(key)) operations.push({ op: 'remove', path: child(path, key) });
    const olderSet = new Set(olderKeys);
    for (const key of newerKeys) if (!olderSet.has(key)) operations.push({ op: 'add', path: child(path, key), value: newer[key] });
    for (const key of kept) diffValues(older[key], newer[key], child(path, key));
  }

  function diffArrays(older: unknown[], newer: unknown[], path: string): void {
    const olderIds = older.map(identity.idOf);
    const newerIds = newer.map(identity.idOf);
    const { cells } = alignmentCells(olderIds, newerIds);
    if (cells > MAX_ARRAY_CELLS || cells > cellsLeft) {
      operations.push({ op: 'replace', path, value: newer });
      return;
    }
    cellsLeft -= cells;
    // Indexes shift as earlier items are removed and added; `shift` tracks by how much.
    let shift = 0;
    for (const step of alignArrays(olderIds, newerIds).steps) {
      if (step.op === 'remove') {
        operations.push({ op: 'remove', path: child(path, step.from + shift) });
        shift -= 1;
      } else if (step.op === 'add') {
        const at = step.from + 1;
        operations.push({ op: 'add', path: child(path, at < older.length ? at + shift : '-'), value: newer[step.to] });
        shift += 1;
      } else {
        diffValues(older[step.from], newer[step.to], child(path, step.from + shift));
      }
    }
  }

  diffValues(from, to, '');
  return { operations, work: identity.containers + pairs + (MAX_DOCUMENT_CELLS - cellsLeft) };
}

function summarize(operations: readonly JsonPatchOperation[]): JsonPatchSummary {
  const count = (op: JsonPatchOperation['op']) => operations.filter((operation) => operation.op === op).length;
  return { operations: operations.length, added: count('add'), removed: count('remove'), replaced: count('replace'), moved: count('move'), copied: count('copy') };
}

/** `from` undefined: the older side is empty, and the patch adds the whole document at the root. */
export function diffStructures(from: unknown, to: unknown, options: { limit?: number } = {}): JsonPatchDiff {
  const operations: JsonPatchOperation[] = from === undefined ? [{ op: 'add', path: '', value: to }] : createStructurePatch(from, to).operations;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  return {
    kind: 'json-patch',
    summary: summarize(operations),
    changes: operations.length > limit ? operations.slice(0, limit) : operations,
    truncated: operations.length > limit,
  };
}
