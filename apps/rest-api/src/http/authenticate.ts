// Bearer authentication with API tokens. The token's last use is written at most once a
// minute, so reads stay reads.
import type { RequestHandler, Response } from 'express';
import { AppError } from '@oms/domain';
import { findApiTokenWithUser, type Database } from '@oms/db';
import { hashApiToken, recordUse } from '@oms/ontology-service';
import type { Actor } from '@oms/ontology-service';
import { setRequestUser } from '@oms/platform';

export type AuthenticatedUser = { id: string; email: string; name: string; timeZone: string; otpEnabled: boolean; createdAt: Date };
export type Auth = { user: AuthenticatedUser; tokenId: string };

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,512})[ ]*$/i;

export function authenticate(db: Database, now: () => Date): RequestHandler {
  return async (req, res, next) => {
    const match = BEARER.exec(req.headers.authorization ?? '');
    if (!match?.[1]) return next(new AppError('unauthorized'));
    const found = await findApiTokenWithUser(db.sql, hashApiToken(match[1]));
    if (!found) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      return next(new AppError('unauthorized'));
    }
    await recordUse(db, found.id, found.lastUsedAt, now());
    const { user } = found;
    const auth: Auth = {
      tokenId: found.id,
      user: { id: user.id, email: user.email, name: user.name, timeZone: user.timeZone, otpEnabled: user.otpEnabled, createdAt: user.createdAt },
    };
    res.locals['auth'] = auth;
    setRequestUser(res, user.id);
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
