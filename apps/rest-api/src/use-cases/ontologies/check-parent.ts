import { AppError, wouldCreateCycle } from '@oms/domain';
import { findVisibleOntology, parentIdOf, type DbClient } from '@oms/db';
import type { Caller } from './caller.js';

const NOT_VISIBLE = AppError.validation({ parent_id: ['does not name an ontology you can see'] });

/** A parent must be visible to the caller and must not make the ontology its own ancestor. */
export async function checkParent(db: DbClient, caller: Caller, parentId: string, ontologyId?: string): Promise<void> {
  if (!(await findVisibleOntology(db, parentId, caller))) throw NOT_VISIBLE;
  if (ontologyId) await checkNoCycle(db, ontologyId, parentId);
}

export async function checkNoCycle(db: DbClient, ontologyId: string, parentId: string): Promise<void> {
  if (await wouldCreateCycle(ontologyId, parentId, (id) => parentIdOf(db, id))) {
    throw AppError.validation({ parent_id: ['would make the ontology its own ancestor'] });
  }
}
