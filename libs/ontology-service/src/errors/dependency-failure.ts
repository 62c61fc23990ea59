// Failures that are not bugs though they are not AppErrors: a dependency away (the database,
// Redis) or a write that lost a race with a delete. One classification for the REST error
// handler and the internal tRPC router, so both transports answer alike.
import { AppError } from '@oms/domain';
import { isDatabaseUnavailable, violatedForeignKey } from '@oms/db';
import { isRedisUnavailable } from '@oms/platform';

export function dependencyFailure(error: unknown): AppError | undefined {
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', { message: 'The database is not reachable right now; retry in a few seconds.', cause: error });
  }
  if (violatedForeignKey(error) !== undefined) {
    // A row the write refers to (the caller, an account, a parent) was deleted by a concurrent request.
    return new AppError('conflict', { message: 'Something this request refers to was deleted meanwhile; read it again and retry.', cause: error });
  }
  if (isRedisUnavailable(error)) {
    // Redis is away: sign-in (its attempt counters) and renders cannot go on for now.
    return new AppError('unavailable', { message: 'A service this request needs is not reachable right now; retry in a few seconds.', cause: error });
  }
  return undefined;
}
