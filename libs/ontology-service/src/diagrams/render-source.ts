// What a renderer draws (the render worker's jobs, or renders in the REST process): the source
// of an ontology at the commit with that hash. The job names a commit the request already
// checked the caller may see; the renderer itself acts for nobody.
import { findCommitSource } from '@oms/db';
import type { ServiceContext } from '../context.js';

export function renderSourceOf(ctx: Pick<ServiceContext, 'db'>, request: { ontologyId: string; commitHash: string }): Promise<string | null> {
  return findCommitSource(ctx.db.prisma, request.ontologyId, request.commitHash);
}
