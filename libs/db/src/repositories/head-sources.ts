// The head sources of a page of ontologies for a streamed answer: one query brings the head
// commit and source size of each; a small source is read whole and a large one in chunks
// (`readSourceChunks`), each only when the consumer gets to it.
import { Prisma } from '../generated/prisma/client.js';
import { readStoredSourceText, sessionsQuery } from '../source-store/index.js';
import type { SqlSessions } from '../sql-sessions.js';
import type { DbClient } from './db-client.js';
import type { OntologyRow } from './ontology-rows.js';
import { readSourceChunks, SOURCE_CHUNK_BYTES } from './source-chunks.js';

/** Sources up to this many bytes are read whole; larger ones in chunks. */
export const INLINE_SOURCE_BYTES = 2 * SOURCE_CHUNK_BYTES;

/** A source as text, or as chunks to be read in order (each iterable read at most once). */
export type StreamedSource = string | AsyncIterable<string>;

export type OntologyWithStreamedSource = { row: OntologyRow; source: StreamedSource };

type Head = { id: string; commitId: string; bytes: number };

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
  const heads = await db.prisma.$queryRaw<Head[]>`
    SELECT c."ontology_id"::text AS "id", c."id"::text AS "commitId", COALESCE(s."bytes", 0)::float8 AS "bytes"
    FROM "commits" c LEFT JOIN "commit_sources" s ON s."commit_id" = c."id"
    WHERE c."status" = 'applied' AND c."ontology_id" IN (${ids})`;
  const query = sessionsQuery(db.sessions, options);
  const headOf = new Map(heads.map((head) => [head.id, head]));
  for (const row of rows) {
    const head = headOf.get(row.id);
    headOf.delete(row.id);
    if (!head) yield { row, source: '' };
    else if (Number(head.bytes) <= inline) yield { row, source: (await readStoredSourceText(query, head.commitId)) ?? '' };
    else yield { row, source: readSourceChunks(db.sessions, head.commitId, { signal: options.signal, key: options.key }) };
  }
}
