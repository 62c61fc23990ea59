// DELETE /api/v1/ontologies/:id: the ontology and all its commits; its children become
// root ontologies (the foreign key sets their parent to null).
import { AppError } from '@oms/domain';
import { deleteOntologyRow, lockOntology } from '@oms/db';
import type { AppContext } from '../../context.js';
import { checkIfMatch, writableOntologyOr4xx, type Caller } from './caller.js';

export async function deleteOntology(ctx: AppContext, caller: Caller, id: string, ifMatch?: string): Promise<void> {
  await writableOntologyOr4xx(ctx.db.prisma, caller, id);
  await ctx.db.prisma.$transaction(
    async (tx) => {
      const locked = await lockOntology(tx, id);
      if (!locked) throw new AppError('not_found');
      checkIfMatch(ifMatch, locked.headHash);
      await deleteOntologyRow(tx, id);
    },
    { maxWait: 15_000, timeout: 30_000 },
  );
}
