// /internal/trpc over HTTP for gateways running as their own processes. Every call must
// carry the shared INTERNAL_TOKEN; the acting user comes in its own header.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { ACTOR_HEADER, CREDENTIAL_HEADER, INTERNAL_TOKEN_HEADER, parseCredential } from '@oms/contracts';
import type { InternalRouter } from '@oms/ontology-service';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function internalTrpc(router: InternalRouter, internalToken: string): RequestHandler[] {
  const expected = digest(internalToken);
  const guard: RequestHandler = (req, res, next) => {
    const given = req.headers[INTERNAL_TOKEN_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    next();
  };
  const handler = createExpressMiddleware({
    router,
    maxBodySize: 16 * 1024 * 1024,
    createContext: ({ req }) => {
      const actor = req.headers[ACTOR_HEADER];
      const credential = parseCredential(req.headers[CREDENTIAL_HEADER]);
      return { actorId: typeof actor === 'string' && actor.length > 0 ? actor : null, ...(credential ? { credential } : {}) };
    },
  });
  return [guard, handler];
}
