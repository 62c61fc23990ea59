// DELETE /api/v1/ontologies/:id: the ontology and all its commits; its children become
// root ontologies (the foreign key sets their parent to null).
import { AppError } from '@oms/domain';
import { deleteOntologyRow, lockOntology } from '@oms/db';
import type { ServiceContext } from '../context.js';
import { reauthorize, WRITE_TX } from '../authorization/reauthorize.js';
import { callerOf, checkIfMatch, notMemberError, writableOntologyOr4xx, type CallerOrActor } from './caller.js';

export async function deleteOntology(ctx: ServiceContext, who: CallerOrActor, id: string, ifMatch?: string): Promise<void> {
  const caller = await callerOf(ctx.db.prisma, who);
  const current = await writableOntologyOr4xx(ctx.db.prisma, caller, id);
  await ctx.db.prisma.$transaction(
    async (tx) => {
      await reauthorize(tx, caller, { accountId: current.accountId, notMember: notMemberError(current) });
      const locked = await lockOntology(tx, id);
      if (!locked) throw new AppError('not_found');
      checkIfMatch(ifMatch, locked.headHash);
      await deleteOntologyRow(tx, id);
    },
    WRITE_TX,
  );
}
