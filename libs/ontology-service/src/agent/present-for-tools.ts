// The shapes of the agent tools' answers (SPEC 4.2, DESIGN 7): visibility as is_public /
// is_private, list items without sources, and sources in pages that keep a result in budget.
import { TOOL_RESULT_MAX_CHARS, type ReadOntologyOutput, type ToolOntology, type ToolOntologySummary } from '@oms/contracts';
import type { HeadSummary, OntologyRow, OntologyWithHead } from '@oms/db';
import { metricsOf, presentOntology } from '../presenters/ontology.js';
import { sourcePage, streamedSourcePage, type SourcePage } from './source-page.js';

/** Which part of a source an agent asked for. */
export type SourceWindow = { source_offset: number; source_length: number };

/** At the agent-tool interface visibility reads is_public / is_private (SPEC 2.1). */
export function presentToolOntology(row: OntologyWithHead, baseUrl: string): ToolOntology {
  const rest = presentOntology(row, baseUrl);
  return { ...rest, visibility: rest.visibility === 'public' ? 'is_public' : 'is_private' };
}

/**
 * `answer` with one page of its `source`: as many characters from the window's offset as fit
 * both the window and the result budget once the whole answer is JSON text. The other fields
 * are measured with placeholder paging fields as wide as they can get.
 */
export function withSourcePage<T extends { source: string }>(answer: T, window: SourceWindow): Omit<T, 'source'> & SourcePage {
  const widest: SourcePage = { source: '', source_truncated: false, source_chars: answer.source.length, next_source_offset: answer.source.length };
  const overhead = JSON.stringify({ ...answer, ...widest }).length;
  const page = sourcePage(answer.source, window.source_offset, window.source_length, TOOL_RESULT_MAX_CHARS - overhead);
  return { ...answer, ...page };
}

/**
 * `withSourcePage` for an answer whose source is read from the store as text chunks (DESIGN 8:
 * never whole), up to the page's end: `chars` is the source's length, kept with it. Measured
 * with paging fields as wide as any source's can be.
 */
export async function withStreamedSourcePage<T extends { source: string }>(
  answer: T,
  chunks: AsyncIterable<string>,
  chars: number,
  window: SourceWindow,
): Promise<Omit<T, 'source'> & SourcePage> {
  const widest: SourcePage = { source: '', source_truncated: false, source_chars: Number.MAX_SAFE_INTEGER, next_source_offset: Number.MAX_SAFE_INTEGER };
  const overhead = JSON.stringify({ ...answer, ...widest }).length;
  const page = await streamedSourcePage(chunks, window.source_offset, window.source_length, TOOL_RESULT_MAX_CHARS - overhead, chars);
  return { ...answer, ...page };
}

export function presentToolOntologyPage(row: OntologyWithHead, baseUrl: string, window: SourceWindow): ReadOntologyOutput {
  return withSourcePage(presentToolOntology(row, baseUrl), window);
}

/** A list item: the ontology without its source, with the head's size and metrics. */
export function presentToolOntologySummary(row: OntologyRow, head: HeadSummary | undefined, baseUrl: string): ToolOntologySummary {
  const { source: _source, ...rest } = presentToolOntology({ ...row, commits: [] }, baseUrl);
  return { ...rest, source_bytes: head?.bytes ?? 0, metrics: metricsOf(head?.metrics ?? null) };
}

export function fromToolVisibility(value: 'is_public' | 'is_private' | undefined): 'public' | 'private' | undefined {
  if (value === undefined) return undefined;
  return value === 'is_public' ? 'public' : 'private';
}

export function listPage<T>(items: T[], total: number, limit: number, offset: number) {
  return { total, limit, offset, has_more: offset + items.length < total };
}
