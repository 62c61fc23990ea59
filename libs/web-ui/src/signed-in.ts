// Every page is behind sign-in (SPEC: even public ontologies are for signed-in users): the
// settings area's browser session; without one the browser goes to its sign-in page, which
// sends it back here afterwards.
import type { NextFunction, Request, Response } from 'express';
import { currentSession, safeReturnPath, type WebSession, type WebSessionStore } from '@oms/platform';
import type { Actor } from '@oms/ontology-service';

export type SignedIn = { session: WebSession; who: Actor };

export function signInRedirect(req: Request, res: Response): void {
  const back = safeReturnPath(req.originalUrl);
  res.redirect(303, back && back !== '/' ? `/sign-in?return=${encodeURIComponent(back)}` : '/sign-in?return=%2F');
}

/** The page handler runs with the signed-in user (an internal caller: no credential to re-check). */
export function signedIn(sessions: WebSessionStore, secureCookies: boolean, handler: (req: Request, res: Response, user: SignedIn) => Promise<void>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const session = await currentSession(sessions, req, secureCookies);
      if (!session) return signInRedirect(req, res);
      await handler(req, res, { session, who: { userId: session.userId, credential: null } });
    } catch (error) {
      next(error);
    }
  };
}
