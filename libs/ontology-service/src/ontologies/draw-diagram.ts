// GET /api/v1/ontologies/:id/diagram.svg|png (issue 7): the ORM2 diagram of an ontology the
// caller may see, at its head or at a commit. Only ORM sources are drawn (canDrawDiagram, the
// rule visualize_ontology asks too); a failed render says whose fault it is.
import { AppError, canDrawDiagram } from '@oms/domain';
import type { DiagramDrawer, DiagramOutcome } from '@oms/contracts';
import type { ServiceContext } from '../context.js';
import { callerOf, visibleOntologyRowOr404, type CallerOrActor } from './caller.js';
import { commitMetaOf } from './find-commit.js';

export type DiagramInput = {
  ontologyId: string;
  /** The commit to draw; the head when absent. */
  commitId?: string | undefined;
  output: 'svg' | 'png';
  /** A diagram of the model by name, or by number from 0 (digits only); the first when absent. */
  diagram?: string | undefined;
  /** Where diagrams are drawn (the render queue). */
  draw: DiagramDrawer;
};

export type DrawnDiagram = Extract<DiagramOutcome, { ok: true }> & { commitHash: string };

export async function drawDiagram(ctx: ServiceContext, who: CallerOrActor, input: DiagramInput): Promise<DrawnDiagram> {
  const caller = await callerOf(ctx.db.prisma, who);
  const ontology = await visibleOntologyRowOr404(ctx.db.prisma, caller, input.ontologyId);
  const { commitHash, sourceFormat } = input.commitId ? await commitMetaOf(ctx.db.prisma, ontology, { commitId: input.commitId }) : { commitHash: ontology.headHash, sourceFormat: ontology.sourceFormat };
  if (!canDrawDiagram(sourceFormat)) throw AppError.validation({ source_format: [`is ${sourceFormat}; diagrams are drawn for orm sources only`] });
  const diagram = input.diagram === undefined ? {} : { diagram: /^\d+$/.test(input.diagram) ? Number(input.diagram) : input.diagram };
  const outcome = await input.draw({ ontologyId: ontology.id, commitHash, output: input.output, ...diagram });
  if (outcome.ok) return { ...outcome, commitHash };
  if (outcome.reason === 'no_such_diagram') throw AppError.validation({ diagram: [outcome.message] });
  if (outcome.reason === 'unrenderable') throw AppError.validation({ source: [outcome.message] });
  throw new AppError('unavailable', { message: 'The diagram could not be drawn right now; retry later.', cause: outcome.cause });
}
