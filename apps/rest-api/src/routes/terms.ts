// Terms over REST (DESIGN 6.2, issue 19): each route parses its query and calls one use case.
import { Router } from 'express';
import { OntologyTermsQuery, TermChangesQuery, TermHistoryQuery, TermQuery, TermSearchQuery } from '@oms/contracts';
import { listOntologyTerms, readCommitChanges, readTerm, readTermHistory, searchTerms } from '@oms/ontology-service';
import type { RestContext } from '../rest-context.js';
import { actorOf } from '../http/authenticate.js';
import { idParam, parseQuery } from '../http/params.js';

export function termRoutes(ctx: RestContext): Router {
  const router = Router();

  router.get('/terms', async (req, res) => {
    res.json(await searchTerms(ctx, actorOf(res), parseQuery(TermSearchQuery, req)));
  });

  router.get('/ontologies/:id/terms', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    res.json(await listOntologyTerms(ctx, actorOf(res), { ontologyId, ...parseQuery(OntologyTermsQuery, req) }));
  });

  router.get('/ontologies/:id/term', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    res.json(await readTerm(ctx, actorOf(res), { ontologyId, ...parseQuery(TermQuery, req) }));
  });

  router.get('/ontologies/:id/term/history', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    res.json(await readTermHistory(ctx, actorOf(res), { ontologyId, ...parseQuery(TermHistoryQuery, req) }));
  });

  router.get('/ontologies/:id/commits/:commit_id/changes', async (req, res) => {
    const ontologyId = idParam(req.params.id);
    const commitId = idParam(req.params.commit_id);
    res.json(await readCommitChanges(ctx, actorOf(res), { ontologyId, commitId, ...parseQuery(TermChangesQuery, req) }));
  });

  return router;
}
