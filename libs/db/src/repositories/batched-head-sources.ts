// The head sources of a page of ontologies loaded whole (an agent tool's answer is one JSON
// value), in batches of bounded size, after their sizes were read to bound the page.
import { Prisma } from '../generated/prisma/client.js';
import type { DbClient } from './db-client.js';
import type { OntologyRow, OntologyWithHead } from './ontology-rows.js';

const SOURCE_BATCH_BYTES = 2 * 1024 * 1024;

/** The size in bytes (UTF-8) of each ontology's head source, by ontology id. */
export async function headSourceBytes(db: DbClient, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const sizes = await db.$queryRaw<{ id: string; bytes: number }[]>`
    SELECT "ontology_id"::text AS "id", octet_length("source")::int AS "bytes"
    FROM "commits" WHERE "status" = 'applied' AND "ontology_id" IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})`;
  return new Map(sizes.map((size) => [size.id, Number(size.bytes)]));
}

/**
 * Yields the rows with their head sources, loading sources in batches of at most 2 MB (at
 * least one row each): small sources cost one query, large ones are never all in memory.
 * `bytesOf`: the head sources' sizes (headSourceBytes), which the caller reads first to bound the page.
 */
export async function* withHeadSources(
  db: DbClient,
  rows: OntologyRow[],
  bytesOf: Map<string, number>,
): AsyncGenerator<OntologyWithHead> {
  let index = 0;
  while (index < rows.length) {
    const batch: OntologyRow[] = [];
    let bytes = 0;
    while (index < rows.length && (batch.length === 0 || bytes + (bytesOf.get(rows[index]?.id ?? '') ?? 0) <= SOURCE_BATCH_BYTES)) {
      const row = rows[index++] as OntologyRow;
      bytes += bytesOf.get(row.id) ?? 0;
      batch.push(row);
    }
    const sources = await db.commit.findMany({
      where: { ontologyId: { in: batch.map((row) => row.id) }, status: 'applied' },
      select: { ontologyId: true, source: true },
    });
    const sourceOf = new Map(sources.map((commit) => [commit.ontologyId, commit.source]));
    for (const row of batch) {
      const source = sourceOf.get(row.id);
      sourceOf.delete(row.id);
      yield { ...row, commits: [{ source: source ?? '' }] };
    }
  }
}
