// What an agent's list shows of each ontology's head commit: its size and stored metrics,
// read without any source (a list tool result carries no sources; DESIGN 7).
import { Prisma } from '../generated/prisma/client.js';
import type { DbClient } from './db-client.js';

export type HeadSummary = { bytes: number; metrics: Prisma.JsonValue | null };

/** The UTF-8 size and stored metrics of each ontology's head commit, by ontology id. */
export async function headSummaries(db: DbClient, ids: readonly string[]): Promise<Map<string, HeadSummary>> {
  if (ids.length === 0) return new Map();
  // The size is kept with the stored source: no source is fetched or decompressed.
  const rows = await db.$queryRaw<{ id: string; bytes: number; metrics: Prisma.JsonValue | null }[]>`
    SELECT c."ontology_id"::text AS "id", COALESCE(s."bytes", 0)::float8 AS "bytes", c."metrics"
    FROM "commits" c LEFT JOIN "commit_sources" s ON s."commit_id" = c."id"
    WHERE c."status" = 'applied' AND c."ontology_id" IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})`;
  return new Map(rows.map((row) => [row.id, { bytes: Number(row.bytes), metrics: row.metrics ?? null }]));
}
