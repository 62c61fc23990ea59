// REST extension (issue 7): the ORM2 diagram of an ontology, at its head or at a commit.
import { Router } from 'express';
import { AppError } from '@oms/domain';
import { findCommit } from '@oms/db';
import { NoSuchDiagramError, UnrenderableError, type RenderQueue } from '@oms/render';
import { DiagramQuery } from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { idParam, parseQuery } from '../http/params.js';
import { callerFor, visibleOntologyOr404 } from '@oms/ontology-service';

export function diagramRoutes(ctx: RestContext, queue: RenderQueue): Router {
  const router = Router();
  for (const output of ['svg', 'png'] as const) {
    router.get(`/ontologies/:id/diagram.${output}`, async (req, res) => {
      const caller = await callerFor(ctx.db.prisma, actorOf(res));
      const ontology = await visibleOntologyOr404(ctx.db.prisma, caller, idParam(req.params.id));
      const query = parseQuery(DiagramQuery, req);
      let commitHash = ontology.headHash;
      let format = ontology.sourceFormat;
      if (query.commit_id) {
        const commit = await findCommit(ctx.db.prisma, ontology.id, query.commit_id.toLowerCase());
        if (!commit) throw new AppError('not_found');
        commitHash = commit.commitHash;
        format = commit.sourceFormat;
      }
      if (format !== 'orm') throw AppError.validation({ source_format: [`is ${format}; diagrams are drawn for orm sources only`] });
      const diagram = query.diagram === undefined ? {} : { diagram: /^\d+$/.test(query.diagram) ? Number(query.diagram) : query.diagram };
      let result;
      try {
        result = await queue.render({ ontologyId: ontology.id, commitHash, output, ...diagram }, { timeoutMs: 60_000 });
      } catch (error) {
        if (error instanceof NoSuchDiagramError) throw AppError.validation({ diagram: [error.message] });
        if (error instanceof UnrenderableError) throw AppError.validation({ source: [error.message] });
        throw new AppError('unavailable', { message: 'The diagram could not be drawn right now; retry later.', cause: error });
      }
      res.setHeader('ETag', `"${commitHash}-${output}"`);
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('X-Render-Scale', String(result.scale));
      if (output === 'svg') res.type('image/svg+xml').send(result.svg);
      else res.type('image/png').send(Buffer.from(result.pngBase64 ?? '', 'base64'));
    });
  }
  return router;
}
