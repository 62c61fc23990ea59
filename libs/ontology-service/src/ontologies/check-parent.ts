import { AppError, wouldCreateCycle } from '@oms/domain';
import { findVisibleOntology, parentIdOf, violatedForeignKey, type DbClient } from '@oms/db';
import type { Caller } from './caller.js';

const NOT_VISIBLE = AppError.validation({ parent_id: ['does not name an ontology you can see'] });

/** A parent must be visible to the caller (whether it would make a cycle: checkNoCycle, under the lock). */
export async function checkParent(db: DbClient, caller: Caller, parentId: string): Promise<void> {
  if (!(await findVisibleOntology(db, parentId, caller))) throw NOT_VISIBLE;
}

export async function checkNoCycle(db: DbClient, ontologyId: string, parentId: string): Promise<void> {
  if (await wouldCreateCycle(ontologyId, parentId, (id) => parentIdOf(db, id))) {
    throw AppError.validation({ parent_id: ['would make the ontology its own ancestor'] });
  }
}

/**
 * A write that lost a race with a delete: the parent (or the account) it names was removed
 * between our checks and the write. The same 422 as when the check itself finds it missing.
 */
export function raceLostError(error: unknown): AppError | undefined {
  const key = violatedForeignKey(error);
  if (key === undefined) return undefined;
  if (key.includes('parent_id')) return NOT_VISIBLE;
  if (key.includes('account_id')) return AppError.validation({ account_id: ['is not an account you belong to'] });
  return undefined;
}
