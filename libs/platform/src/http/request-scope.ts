// What the shell knows of a request while it is answered: its id and the logger that carries
// it (and the user id, once authentication found one). Held beside the response in a typed
// map rather than in res.locals, so no reader needs a cast.
import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';

export type RequestScope = { readonly requestId: string; log: Logger; userId?: string };

const scopes = new WeakMap<ServerResponse, RequestScope>();

export function openRequestScope(res: ServerResponse, requestId: string, log: Logger): RequestScope {
  const scope: RequestScope = { requestId, log };
  scopes.set(res, scope);
  return scope;
}

/** The request's child logger; undefined outside the shell (a bare router in a unit test). */
export function requestLog(res: ServerResponse): Logger | undefined {
  return scopes.get(res)?.log;
}

/** Called by an authentication step: every later line of this request, the access log too, carries the user id. */
export function setRequestUser(res: ServerResponse, userId: string): void {
  const scope = scopes.get(res);
  if (!scope || scope.userId === userId) return;
  scope.userId = userId;
  scope.log = scope.log.child({ userId });
}
