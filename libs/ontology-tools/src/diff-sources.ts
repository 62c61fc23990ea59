// Picks the richest diff two versions of a source allow: semantic RDF when both read as RDF
// graphs, JSON Patch when both are YAML/JSON documents, a model diff when both are ORM2, and a
// unified text diff otherwise (or when a richer reading fails; `fallback_reason` says why).
import type { SourceFormat } from '@oms/formats';
import { CanonicalizationError } from './canonical.js';
import { isJsonLd, jsonLdToQuads } from './json-ld.js';
import { diffOrm, type OrmDiff } from './orm-diff.js';
import { diffGraphs, type RdfDiff } from './rdf-diff.js';
import { readGraph, readValue, RDF_SYNTAX_FORMATS } from './read-graph.js';
import { diffStructures, type JsonPatchDiff } from './structure-diff.js';
import type { Quad } from './terms.js';
import { diffText, type TextDiff } from './text-diff.js';

export type SourceVersion = { format: SourceFormat; text: string; /** File name in the text diff. */ name: string; header?: string };
export type SourceDiff = (RdfDiff | JsonPatchDiff | OrmDiff | TextDiff) & { fallback_reason?: string };
export type DiffKind = SourceDiff['kind'];
export type DiffOptions = { limit?: number; /** Only the unified text diff. */ textOnly?: boolean; signal?: AbortSignal };

type Reading = { quads?: Quad[]; value?: unknown; hasValue: boolean; reason?: string };

async function readSide(version: SourceVersion): Promise<Reading> {
  if (RDF_SYNTAX_FORMATS.includes(version.format)) {
    const read = await readGraph(version.format, version.text);
    return read.ok ? { quads: read.graph.quads, hasValue: false } : { hasValue: false, reason: read.reason };
  }
  if (version.format === 'json' || version.format === 'yaml') {
    const read = await readValue(version.format, version.text);
    if (!read.ok) return { hasValue: false, reason: read.reason };
    if (version.format === 'json' && isJsonLd(read.value)) {
      try {
        return { quads: await jsonLdToQuads(read.value), value: read.value, hasValue: true };
      } catch (error) {
        return { value: read.value, hasValue: true, reason: error instanceof Error ? error.message : String(error) };
      }
    }
    return { value: read.value, hasValue: true };
  }
  return { hasValue: false };
}

const EMPTY: Reading = { quads: [], value: undefined, hasValue: true };

function textSide(version: SourceVersion | null) {
  if (!version) return { name: '/dev/null', text: '' };
  return { name: version.name, text: version.text, ...(version.header !== undefined ? { header: version.header } : {}) };
}

async function textDiff(from: SourceVersion | null, to: SourceVersion, reason?: string): Promise<SourceDiff> {
  const diff = await diffText(textSide(from), textSide(to));
  return reason === undefined ? diff : { ...diff, fallback_reason: reason };
}

export async function diffSources(from: SourceVersion | null, to: SourceVersion, options: DiffOptions = {}): Promise<SourceDiff> {
  if (options.textOnly || (to.format === 'other' && (!from || from.format === 'other'))) return textDiff(from, to);
  const limit = options.limit === undefined ? {} : { limit: options.limit };

  if (to.format === 'orm' && (!from || from.format === 'orm')) {
    try {
      return diffOrm(from?.text ?? null, to.text);
    } catch (error) {
      return textDiff(from, to, `the ORM2 models could not be compared: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const [older, newer] = await Promise.all([from ? readSide(from) : Promise.resolve(EMPTY), readSide(to)]);
  if (older.quads && newer.quads) {
    try {
      return await diffGraphs(older.quads, newer.quads, { ...limit, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      if (!(error instanceof CanonicalizationError)) throw error;
      return textDiff(from, to, error.message);
    }
  }
  if (older.hasValue && newer.hasValue) {
    const diff = diffStructures(older.value, newer.value, limit);
    const reason = older.reason ?? newer.reason;
    return reason === undefined ? diff : { ...diff, fallback_reason: reason };
  }
  const reason =
    older.reason ??
    newer.reason ??
    `${from?.format ?? 'nothing'} and ${to.format} sources cannot be compared other than as text`;
  return textDiff(from, to, reason);
}
