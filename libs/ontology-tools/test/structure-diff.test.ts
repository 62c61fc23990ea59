// JSON Patch diffs of the real JSON and YAML fixtures against edited copies: the patch applied
// to the older document gives the newer one, and the largest documents diff in bounded time.
import { applyPatch, type Operation } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import { diffStructures, type JsonPatchOperation } from '../src/index.js';
import { readValue } from '../src/read-graph.js';
import { readFixture } from './fixtures.js';

const FIXTURES = [
  'json/biolink_model.jsonld',
  'json/csvw.jsonld',
  'json/linkml-meta.context.jsonld',
  'json/schemaorgcontext.jsonld',
  'yaml/biolink-model.yaml',
  'yaml/linkml-mappings.yaml',
  'yaml/linkml-types.yaml',
];

function patched(from: unknown, operations: JsonPatchOperation[]): unknown {
  const document = { root: structuredClone(from) };
  const errors = applyPatch(
    document,
    operations.map((operation) => ({ ...operation, path: `/root${operation.path}` }) as Operation),
  ).filter((error) => error !== null);
  if (errors.length > 0) throw new Error(`the patch does not apply: ${String(errors[0])}`);
  return document.root;
}

/**
 * A copy with edits spread over the whole document: every few containers one has a member
 * dropped, changed, added or moved, and strings here and there are rewritten.
 */
function edited(value: unknown): unknown {
  let visited = 0;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return (visited += 1) % 97 === 0 ? `${node} (edited)` : node;
    if (typeof node !== 'object' || node === null) return node;
    visited += 1;
    const turn = visited % 13;
    if (Array.isArray(node)) {
      const items = node.map(walk);
      if (turn === 1 && items.length > 1) items.splice(visited % items.length, 1);
      if (turn === 4) items.splice(visited % (items.length + 1), 0, { added: visited });
      if (turn === 7 && items.length > 2) items.push(items.shift());
      return items;
    }
    const entries = Object.entries(node).map(([key, item]) => [key, walk(item)] as const);
    if (turn === 2 && entries.length > 1) entries.splice(visited % entries.length, 1);
    if (turn === 5) entries.push([`added ${visited}`, [visited]]);
    return Object.fromEntries(entries);
  };
  return walk(value);
}

async function read(path: string): Promise<unknown> {
  const read = await readValue(path.startsWith('yaml/') ? 'yaml' : 'json', readFixture(path));
  if (!read.ok) throw new Error(read.reason);
  return read.value;
}

describe('JSON Patch diffs of the JSON and YAML fixtures', () => {
  it.each(FIXTURES)('when %s is edited throughout then the patch turns it into the edited copy', async (path) => {
    const from = await read(path);
    const to = edited(from);
    const started = performance.now();
    const diff = diffStructures(from, to);
    // Generous: the largest fixture takes well under a second even on a loaded machine.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(diff.changes.length).toBeGreaterThan(0);
    expect(patched(from, diff.changes)).toEqual(to);
    expect(diffStructures(from, structuredClone(from)).changes).toEqual([]);
  });
});
