// How each commit's source is offered for download (media type, extension, the RDF serialization
// it already is in), remembered by commit hash: commits never change. Only JSON needs the text
// (parsed whole to tell JSON-LD from plain JSON, in the heavy-work pool when large) and OWL (its
// root element); for them the source is loaded once, not on every download, diff or conversion.
// A measured JSON commit needs no text: its metrics say whether it is JSON-LD (`syntax`), which
// matters for a source too large to load as one string (DESIGN 8: JSON is read as a stream).
import type { SourceFormat } from '@oms/formats';
import { describeJson, describeSource, type SourceDescription } from '@oms/ontology-tools';
import type { HeavyWork } from './heavy-work.js';

export type CommitDescriptions = {
  of(commit: { commitHash: string; sourceFormat: string; metrics?: unknown }, source: () => Promise<string> | string): Promise<SourceDescription>;
};

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
      const description = await heavyWork.describe(format, await source());
      known.set(commit.commitHash, description);
      // Oldest first out (Map order is insertion order).
      if (known.size > maxEntries) known.delete(known.keys().next().value as string);
      return description;
    },
  };
}
