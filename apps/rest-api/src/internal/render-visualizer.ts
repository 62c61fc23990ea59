// Where the in-process renderer finds sources: the commit of the ontology with that hash.
import type { Database } from '@oms/db';
import type { SourceLoader } from '@oms/render';

export function sourceLoader(db: Database): SourceLoader {
  return async (ontologyId, commitHash) => {
    const commit = await db.prisma.commit.findFirst({ where: { ontologyId, commitHash }, select: { source: true } });
    return commit?.source ?? null;
  };
}
