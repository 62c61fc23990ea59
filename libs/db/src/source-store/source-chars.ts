// The length of a commit's source in UTF-16 code units (the agent tools' `source_chars`), kept
// beside its bytes (counted by storeSource). A source stored before the count existed has none:
// it is counted once from its bytes and recorded (see the commit_source_chars migration).
import { readStoredSource, type SqlQuery } from './source-store.js';
import { utf16Length } from './utf16-length.js';

/**
 * The recorded length, or null when the source has none recorded yet; undefined when the commit
 * has no stored source.
 */
export async function recordedSourceChars(q: SqlQuery, commitId: string): Promise<number | null | undefined> {
  const [row] = await q<{ chars: string | null }>(`SELECT "chars"::text AS "chars" FROM "commit_sources" WHERE "commit_id" = $1::uuid`, [commitId]);
  if (!row) return undefined;
  return row.chars === null ? null : Number(row.chars);
}

/** Counts the source's characters from its bytes (read to the end, a few pieces at a time) and records the count. */
export async function countSourceChars(q: SqlQuery, commitId: string): Promise<number> {
  let chars = 0;
  for await (const batch of readStoredSource(q, commitId)) for (const bytes of batch) chars += utf16Length(bytes);
  await q(`UPDATE "commit_sources" SET "chars" = $2::bigint WHERE "commit_id" = $1::uuid AND "chars" IS NULL`, [commitId, chars]);
  return chars;
}
