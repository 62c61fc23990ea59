// How each commit's source is offered for download (media type, extension, the RDF serialization
// it already is in), remembered by commit hash: commits never change. Only JSON needs the text
// (parsed whole to tell JSON-LD from plain JSON, in the heavy-work pool when large) and OWL (its
// root element, read from the source's first OWL_HEAD_CHARS characters when the caller can read a
// head: an OWL source may be up to SOURCE_MAX_BYTES, far past what one string may hold); each is
// read once, not on every download, diff or conversion. A measured JSON commit needs no text: its
// metrics say whether it is JSON-LD (`syntax`), which matters for a source too large to load as
// one string (DESIGN 8: JSON is read as a stream).
import type { SourceFormat } from '@oms/formats';
import { describeJson, describeSource, type SourceDescription } from '@oms/ontology-tools';
import type { HeavyWork } from './heavy-work.js';

/** The source's text, whole, or its first `chars` characters at least (a head), when the caller can read one. */
export type SourceReader = (() => Promise<string> | string) & { head?: (chars: number) => Promise<string> };

export type CommitDescriptions = {
  of(commit: { commitHash: string; sourceFormat: string; metrics?: unknown }, source: SourceReader): Promise<SourceDescription>;
};

/**
 * How much of an OWL source is enough to find its root element: the prolog (which the streaming
 * check holds to 1 Mi characters, MAX_PROLOG_CHARS) and the root's start tag after it.
 */
export const OWL_HEAD_CHARS = 2 * 1024 * 1024;

const NEEDS_TEXT = new Set<SourceFormat>(['json', 'owl']);

/** Metrics written at ingest (null for commits made before metrics existed) have `bytes`; json ones say `syntax: 'json-ld'` for JSON-LD. */
const isMeasured = (metrics: unknown): metrics is { syntax?: unknown } => typeof metrics === 'object' && metrics !== null && typeof (metrics as { bytes?: unknown }).bytes === 'number';

export function createCommitDescriptions(heavyWork: Pick<HeavyWork, 'describe'>, maxEntries = 10_000): CommitDescriptions {
  const known = new Map<string, SourceDescription>();
  return {
    async of(commit, source) {
      const format = commit.sourceFormat as SourceFormat;
      if (!NEEDS_TEXT.has(format)) return describeSource(format, '');
      if (format === 'json' && isMeasured(commit.metrics)) return describeJson(commit.metrics.syntax === 'json-ld');
      const hit = known.get(commit.commitHash);
      if (hit) return hit;
      const text = format === 'owl' && source.head ? await source.head(OWL_HEAD_CHARS) : await source();
      const description = await heavyWork.describe(format, text);
      known.set(commit.commitHash, description);
      // Oldest first out (Map order is insertion order).
      if (known.size > maxEntries) known.delete(known.keys().next().value as string);
      return description;
    },
  };
}
