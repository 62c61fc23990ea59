// The head sources of a page of ontologies for a streamed answer: one query brings every
// small source and the size and commit of the large ones; a large source is read in chunks
// (`readSourceChunks`) only when the consumer gets to it.
import { Prisma } from '../generated/prisma/client.js';
import type { SqlSessions } from '../sql-sessions.js';
import type { DbClient } from './db-client.js';
import type { OntologyRow } from './ontology-rows.js';
import { readSourceChunks, SOURCE_CHUNK_BYTES } from './source-chunks.js';

/** Sources up to this many bytes come with the page's one query; larger ones are read in chunks. */
export const INLINE_SOURCE_BYTES = 2 * SOURCE_CHUNK_BYTES;

/** A source as text, or as chunks to be read in order (each iterable read at most once). */
export type StreamedSource = string | AsyncIterable<string>;

export type OntologyWithStreamedSource = { row: OntologyRow; source: StreamedSource };

type Head = { id: string; commitId: string; source: string | null };

export type StreamedSourceOptions = {
  signal?: AbortSignal;
  inlineBytes?: number;
  /** Whose list this is (sessions for chunked reads are shared fairly between keys). */
  key?: string;
};

/**
 * Yields each row with its head source, in order. A chunked source must be read (or its
 * iteration ended) before asking for the next row; nothing is read for rows never reached.
 */
export async function* withStreamedHeadSources(
  db: { prisma: DbClient; sessions: SqlSessions },
  rows: OntologyRow[],
  options: StreamedSourceOptions = {},
): AsyncGenerator<OntologyWithStreamedSource> {
  if (rows.length === 0) return;
  const inline = options.inlineBytes ?? INLINE_SOURCE_BYTES;
  const ids = Prisma.join(rows.map((row) => Prisma.sql`${row.id}::uuid`));
  // octet_length of a stored value reads its header only; large sources are not fetched here.
  const heads = await db.prisma.$queryRaw<Head[]>`
    SELECT "ontology_id"::text AS "id", "id"::text AS "commitId",
           CASE WHEN octet_length("source") <= ${inline}::int THEN "source" END AS "source"
    FROM "commits" WHERE "status" = 'applied' AND "ontology_id" IN (${ids})`;
  const headOf = new Map(heads.map((head) => [head.id, head]));
  for (const row of rows) {
    const head = headOf.get(row.id);
    headOf.delete(row.id);
    if (!head) yield { row, source: '' };
    else if (head.source !== null) yield { row, source: head.source };
    else yield { row, source: readSourceChunks(db.sessions, head.commitId, { signal: options.signal, key: options.key }) };
  }
}
