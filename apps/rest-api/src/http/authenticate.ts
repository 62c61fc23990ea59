// Bearer authentication of REST requests with API tokens (the check itself is the service's
// authenticateApiToken); the caller is kept beside the response for the routes.
import type { RequestHandler, Response } from 'express';
import { AppError } from '@oms/domain';
import { authenticateApiToken, type Actor, type Auth, type ServiceContext } from '@oms/ontology-service';
import { setRequestUser } from '@oms/platform';

export type { Auth, AuthenticatedUser } from '@oms/ontology-service';

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,512})[ ]*$/i;

export function authenticate(ctx: Pick<ServiceContext, 'db' | 'now'>): RequestHandler {
  return async (req, res, next) => {
    const match = BEARER.exec(req.headers.authorization ?? '');
    if (!match?.[1]) return next(new AppError('unauthorized'));
    const auth = await authenticateApiToken(ctx, { token: match[1] });
    if (!auth) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      return next(new AppError('unauthorized'));
    }
    res.locals['auth'] = auth;
    setRequestUser(res, auth.user.id);
    next();
  };
}

/** The authenticated user and the API token they came with; only valid behind `authenticate`. */
export function actorOf(res: Response): Actor {
  const auth = authOf(res);
  return { userId: auth.user.id, credential: { kind: 'api_token', id: auth.tokenId } };
}

/** The authenticated caller; only valid behind `authenticate`. */
export function authOf(res: Response): Auth {
  const auth = res.locals['auth'] as Auth | undefined;
  if (!auth) throw new AppError('unauthorized');
  return auth;
}
