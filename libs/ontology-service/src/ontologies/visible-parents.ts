// parent_id as the caller may read it (SPEC 7: the existence of a private resource is never
// revealed): null wherever the caller cannot see the parent. Every answer that shows ontology
// rows loaded without this (lists, pinned reads, write answers) passes them through here; the
// single read does the same in SQL (findVisibleOntologyForUser).
import { visibleParentId } from '@oms/domain';
import { visibilityFactsOf, type DbClient } from '@oms/db';
import type { Caller } from './caller.js';

/** The rows, each with parentId null when the caller cannot see that parent: one query, none without parents. */
export async function withVisibleParents<T extends { parentId: string | null }>(db: DbClient, caller: Caller, rows: T[]): Promise<T[]> {
  const parentIds = [...new Set(rows.flatMap((row) => (row.parentId === null ? [] : [row.parentId])))];
  if (parentIds.length === 0) return rows;
  const parents = await visibilityFactsOf(db, parentIds);
  return rows.map((row) => ({ ...row, parentId: visibleParentId(row.parentId, parents.get(row.parentId ?? ''), caller) }));
}

export async function withVisibleParent<T extends { parentId: string | null }>(db: DbClient, caller: Caller, row: T): Promise<T> {
  const [shown = row] = await withVisibleParents(db, caller, [row]);
  return shown;
}
