// REST extension (issue 7): the ORM2 diagram of an ontology, at its head or at a commit.
import { Router } from 'express';
import { drawWithQueue, type RenderQueue } from '@oms/render';
import { DiagramQuery } from '@oms/contracts';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { idParam, parseQuery } from '../http/params.js';
import { drawDiagram } from '@oms/ontology-service';

export function diagramRoutes(ctx: RestContext, queue: RenderQueue): Router {
  const router = Router();
  const draw = drawWithQueue(queue);
  for (const output of ['svg', 'png'] as const) {
    router.get(`/ontologies/:id/diagram.${output}`, async (req, res) => {
      const ontologyId = idParam(req.params.id);
      const query = parseQuery(DiagramQuery, req);
      const drawn = await drawDiagram(ctx, actorOf(res), { ontologyId, commitId: query.commit_id, diagram: query.diagram, output, draw });
      res.setHeader('ETag', `"${drawn.commitHash}-${output}"`);
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('X-Render-Scale', String(drawn.scale));
      if (output === 'svg') res.type('image/svg+xml').send(drawn.svg);
      else res.type('image/png').send(Buffer.from(drawn.pngBase64 ?? '', 'base64'));
    });
  }
  return router;
}
